/**
 * The "Sent" tab: the outbox's messages, newest first, each a row (subject, recipient, time) that opens
 * to its body.
 */

import { Icon, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import type { OutboxMessage } from '../api/get-outbox.ts';
import { countText, sentAt } from './mail-text.ts';

/**
 * One message. The body is plain text in a pre-wrap block, and its links stay text, never anchors:
 * assumption: they are one-time tokens (sign-in, reset, signing, usage links) addressed to someone else,
 * and a click by ops would spend the recipient's link or sign ops in as them.
 */
function Message({ m, open, onToggle }: { m: OutboxMessage; open: boolean; onToggle: () => void }) {
  const bodyId = `mail-body-${m.id}`;
  return (
    <li className={open ? 'mail-message mail-message-open' : 'mail-message'}>
      <button
        type="button"
        className="mail-message-head"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={onToggle}
      >
        <Icon icon={open ? 'chevron-down' : 'chevron-right'} className="mail-message-chevron" />
        <span className="mail-message-subject">{m.subject}</span>
        <span className="mail-message-to muted">To {m.to_address}</span>
        <time className="mail-message-time muted" dateTime={m.created_at}>
          {sentAt(m.created_at)}
        </time>
      </button>
      {open && (
        <pre id={bodyId} className="mail-body" aria-label={`Body of "${m.subject}"`}>
          {m.body}
        </pre>
      )}
    </li>
  );
}

export function SentList({ messages }: { messages: OutboxMessage[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  if (messages.length === 0) {
    return (
      <NonIdealState
        className="page-state"
        icon="inbox"
        title="No mail sent yet."
        description="Invitations, password resets and signing or usage requests appear here once they go out."
      />
    );
  }
  return (
    <>
      <p className="muted mail-note">
        {countText(messages.length, 'message', 'messages')}, newest first. Open one to read it. Links are shown as text,
        not links: they are the recipient’s one-time links.
      </p>
      <ul className="mail-messages" aria-label="Sent mail">
        {messages.map((m) => (
          <Message key={m.id} m={m} open={open.has(m.id)} onToggle={() => toggle(m.id)} />
        ))}
      </ul>
    </>
  );
}
