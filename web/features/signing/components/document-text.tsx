/**
 * The whole document as the signer reads it before signing: title, program and job code, a link to the
 * PDF (a new tab), the table of job facts as label/value rows, then every section with its paragraphs.
 */

import { Icon } from '@blueprintjs/core';
import type { SigningView } from '../api/get-signing-view.ts';
import { pdfHref } from '../api/get-signing-view.ts';

/** `pdf`: the link to the PDF (only while the signing link works: once signed or declined it is spent). */
export function DocumentHeading({ document, pdf = true }: { document: SigningView['document']; pdf?: boolean }) {
  const href = pdf ? pdfHref(document.pdf_url) : null;
  return (
    <header className="signing-heading">
      <h1>{document.title}</h1>
      <div className="signing-meta">
        <span>{document.program_name}</span>
        <span className="signing-meta-code">Job {document.job_code}</span>
      </div>
      {href && (
        <a className="signing-pdf-link" href={href} target="_blank" rel="noopener noreferrer">
          <Icon icon="document-open" size={14} /> Open the PDF
        </a>
      )}
    </header>
  );
}

export function DocumentText({ document }: { document: SigningView['document'] }) {
  return (
    <article className="signing-document" aria-label="The document">
      {document.fields.length > 0 && (
        <dl className="signing-fields">
          {document.fields.map((f, i) => (
            <div className="signing-field" key={i}>
              <dt>{f.label}</dt>
              <dd>{f.value || '—'}</dd>
            </div>
          ))}
        </dl>
      )}
      {document.sections.map((s, i) => (
        <section key={i} className="signing-section">
          {s.heading && <h2>{s.heading}</h2>}
          {s.paragraphs.map((p, j) => (
            <p key={j}>{p}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
