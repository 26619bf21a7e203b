/**
 * The mail templates (server/mail/templates.ts): each declares exactly the placeholders its subject and
 * body use; renderMail fills them and refuses to send a half-filled mail; and each sender's template
 * renders, word for word, the mail that sender built inline before the templates existed.
 */

import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES, renderMail, type MailTemplateKey } from '../server/mail/templates.ts';

const used = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
const KEYS = Object.keys(MAIL_TEMPLATES) as MailTemplateKey[];

describe('every template', () => {
  it.each(KEYS)('%s: its subject and body use exactly the placeholders it declares', (key) => {
    const t = MAIL_TEMPLATES[key];
    const inText = new Set([...used(t.subject), ...used(t.body)]);
    const declared = Object.keys(t.placeholders);
    expect(
      [...declared].filter((p) => !inText.has(p)),
      'declared but unused',
    ).toEqual([]);
    expect(
      [...inText].filter((p) => !declared.includes(p)),
      'used but not declared',
    ).toEqual([]);
  });

  it.each(KEYS)('%s: says who gets it, when, and what each placeholder means', (key) => {
    const t = MAIL_TEMPLATES[key];
    for (const field of [t.title, t.audience, t.when, t.subject, t.body]) expect(field.trim()).not.toBe('');
    for (const meaning of Object.values(t.placeholders)) expect(meaning.trim()).not.toBe('');
  });

  it.each(KEYS)('%s: renders with every placeholder filled and nothing left in braces', (key) => {
    const values = Object.fromEntries(Object.keys(MAIL_TEMPLATES[key].placeholders).map((p) => [p, `<${p}>`]));
    const mail = renderMail(key, values);
    for (const p of Object.keys(values)) expect(mail.subject + mail.body).toContain(`<${p}>`);
    expect(used(mail.subject + mail.body)).toEqual([]);
  });
});

describe('renderMail', () => {
  it('throws on a missing value, naming the template and the placeholder', () => {
    expect(() => renderMail('password_reset', { valid_for: 'an hour' })).toThrow(
      'mail template password_reset: no value for {link}',
    );
  });
  it('fills numbers, and a value containing braces is not filled again', () => {
    const m = renderMail('user_invite', { inviter_name: 'Eve {link}', link_hours: 72, link: 'https://x.test/l' });
    expect(m.body).toBe('Eve {link} invited you. Sign in here (the link works once, for 72 hours): https://x.test/l');
  });
});

/** Each sender's mail, as it was built inline before the templates (same values, same words). */
const BEFORE: [MailTemplateKey, Record<string, string | number>, { subject: string; body: string }][] = [
  [
    'password_reset',
    { valid_for: 'an hour', link: 'https://portal.test/login?reset=tok' },
    {
      subject: 'Reset your password',
      body: 'Open this link within an hour to choose a new password: https://portal.test/login?reset=tok',
    },
  ],
  [
    'user_invite',
    { inviter_name: 'Olivia Ops', link_hours: 72, link: 'https://portal.test/login?token=tok' },
    {
      subject: 'You are invited to the rebate portal',
      body: 'Olivia Ops invited you. Sign in here (the link works once, for 72 hours): https://portal.test/login?token=tok',
    },
  ],
  [
    'signature_invite',
    {
      signer_name: 'Ann Lee',
      document_title: 'Customer agreement',
      program_name: 'WI HEAR',
      job_code: 'AB12CD',
      link_days: 14,
      link: 'https://portal.test/sign/tok',
    },
    {
      subject: 'Please sign: Customer agreement (job AB12CD)',
      body: [
        'Hello Ann Lee,',
        '',
        'WI HEAR needs your signature on "Customer agreement" for job AB12CD.',
        'Open this link to read the whole document and sign it on any device (no account needed). It works for 14 days:',
        'https://portal.test/sign/tok',
        '',
        'If you do not want to sign, the same page lets you decline and tell us why.',
      ].join('\n'),
    },
  ],
  [
    'usage_invite',
    { homeowner_name: 'Ann Lee', job_code: 'AB12CD', link: 'https://portal.test/connect/tok', link_days: 30 },
    {
      subject: 'Connect your utility account for your home energy rebate (AB12CD)',
      body: "Hello Ann Lee,\n\nTo apply for your rebate, the program needs your home's energy usage. Connect your utility account here (you sign in on your utility's own page; the program never sees your password):\n\nhttps://portal.test/connect/tok\n\nThe link works for 30 days. If you prefer not to connect, the same page lets you upload your bills instead.\n",
    },
  ],
];

describe('each sender mails what it mailed before', () => {
  it.each(BEFORE)('%s', (key, values, before) => {
    expect(renderMail(key, values)).toEqual(before);
  });
});
