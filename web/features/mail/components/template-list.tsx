/** The "Templates" tab: every mail the portal sends, as its template, with the placeholders highlighted and explained.
 * */

import { Card } from '@blueprintjs/core';
import { DetailList } from '../../../lib/components/detail-list.tsx';
import type { MailTemplateView } from '../api/get-mail-templates.ts';
import { templateParts } from './mail-text.ts';

/** A subject or body with each `{placeholder}` marked. */
function Filled({ text }: { text: string }) {
  return (
    <>
      {templateParts(text).map((p, i) =>
        'placeholder' in p ? (
          <code key={i} className="mail-placeholder">{`{${p.placeholder}}`}</code>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

function Template({ t }: { t: MailTemplateView }) {
  const headingId = `mail-template-${t.key}`;
  return (
    <Card className="mail-template" aria-labelledby={headingId} data-template={t.key}>
      <div className="mail-template-head">
        <h2 id={headingId}>{t.title}</h2>
        <code className="mail-template-key muted">{t.key}</code>
      </div>
      <DetailList
        items={[
          { label: 'Sent to', value: t.audience },
          { label: 'Sent when', value: t.when },
          {
            label: 'Subject',
            value: (
              <span className="mail-template-subject">
                <Filled text={t.subject} />
              </span>
            ),
            wide: true,
          },
        ]}
      />
      <div className="mail-template-label">Body</div>
      <pre className="mail-body">
        <Filled text={t.body} />
      </pre>
      <div className="mail-template-label">Placeholders</div>
      <dl className="mail-placeholders">
        {Object.entries(t.placeholders).map(([name, meaning]) => (
          <div key={name} className="mail-placeholders-item">
            <dt>
              <code className="mail-placeholder">{`{${name}}`}</code>
            </dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

export function TemplateList({ templates }: { templates: MailTemplateView[] }) {
  return (
    <div className="mail-templates">
      <p className="muted mail-templates-intro">
        Every mail the portal sends is written from one of these templates. Each{' '}
        <code className="mail-placeholder">{'{placeholder}'}</code> is filled in when the mail goes out.
      </p>
      {templates.map((t) => (
        <Template key={t.key} t={t} />
      ))}
    </div>
  );
}
