/**
 * Mail over SMTP (nodemailer: the transport, MIME encoding and SMTP dialogue are its job, not ours): the
 * background worker's handler for MAIL_WORK items, which the mail adapter enqueues beside each outbox
 * row when SMTP_URL is set. A refused or failed delivery throws, so the worker retries it with backoff
 * and, after the last attempt, leaves it dead for ops to retry.
 */

import nodemailer from 'nodemailer';
import { outboxMessage } from '../db/settings.db.ts';
import type { WorkHandler } from '../worker.ts';

/** The work kind of a message to deliver. */
export const MAIL_WORK = 'mail';

/** The worker's handler delivering outbox messages to an SMTP server. */
export function smtpMailHandler(smtpUrl: string, from: string): WorkHandler {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (item, db) => {
    const { outbox_id } = item.data as { outbox_id: number };
    const m = await outboxMessage(db, outbox_id);
    if (!m) return { skipped: 'no such outbox message' };
    const info = await transport.sendMail({ from, to: m.to_address, subject: m.subject, text: m.body });
    return { message_id: info.messageId, accepted: info.accepted.map(String) };
  };
}
