/**
 * Mail outbox (/mail-outbox, ops): what the portal sent (the local outbox, newest first; open a message to
 * read its body) and, in the second tab, every template mail is written from, with its placeholders.
 */

import { Button, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../../lib/components/page-heading.tsx';
import { ApiError, CLIENT_MESSAGES } from '../../../lib/api-client.ts';
import { useOutbox } from '../api/get-outbox.ts';
import { useMailTemplates } from '../api/get-mail-templates.ts';
import { SentList } from './sent-list.tsx';
import { TemplateList } from './template-list.tsx';
import '../mail.css';

type MailTab = 'sent' | 'templates';

/** A tab's query: a spinner first, the error with 'Try again', then its content. */
function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <NonIdealState
        className="page-state"
        icon="error"
        title={query.error instanceof ApiError ? query.error.message : CLIENT_MESSAGES.unexpected}
        action={<Button text="Try again" icon="refresh" onClick={() => void query.refetch()} />}
      />
    );
  }
  return <Spinner className="page-state" aria-label="Loading" />;
}

export function Component() {
  const [search, setSearch] = useSearchParams();
  const tab: MailTab = search.get('tab') === 'templates' ? 'templates' : 'sent';
  const outbox = useOutbox();
  const templates = useMailTemplates();
  const sentTitle = outbox.data ? `Sent (${outbox.data.length})` : 'Sent';
  const templatesTitle = templates.data ? `Templates (${templates.data.length})` : 'Templates';
  return (
    <>
      <PageHeading
        title="Mail outbox"
        subtitle="The newest 100 mails the portal sent, and the templates every mail is written from."
        actions={
          tab === 'sent' && (
            <Button icon="refresh" text="Refresh" loading={outbox.isFetching} onClick={() => void outbox.refetch()} />
          )
        }
      />
      <Tabs
        id="mail-tabs"
        className="mail-tabs"
        renderActiveTabPanelOnly
        selectedTabId={tab}
        onChange={(id) => setSearch(id === 'templates' ? { tab: 'templates' } : {}, { replace: true })}
      >
        <Tab id="sent" title={sentTitle} panel={<Loaded query={outbox}>{(m) => <SentList messages={m} />}</Loaded>} />
        <Tab
          id="templates"
          title={templatesTitle}
          panel={<Loaded query={templates}>{(t) => <TemplateList templates={t} />}</Loaded>}
        />
      </Tabs>
    </>
  );
}
