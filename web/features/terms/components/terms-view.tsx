/** A version of the terms as people read it: title, description, numbered sections and items. */

import type { TermsFields } from '../api/get-terms-version.ts';

export function TermsView({ terms }: { terms: TermsFields }) {
  return (
    <article className="terms-view">
      <h2>{terms.title}</h2>
      {terms.description && <p className="terms-view-description">{terms.description}</p>}
      {terms.sections.map((s, i) => (
        <section key={i}>
          <h3>{`${i + 1}. ${s.title}`}</h3>
          <ol>
            {s.items.map((item, j) => (
              <li key={j}>
                <span className="terms-number">{`${i + 1}.${j + 1}`}</span>
                <span>{item}</span>
              </li>
            ))}
          </ol>
        </section>
      ))}
      {!terms.sections.length && <p className="muted">This version has no sections.</p>}
    </article>
  );
}
