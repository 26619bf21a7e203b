/**
 * Every mail the portal sends, as a template: subject and body with `{placeholders}`, who receives it and
 * why. Senders render a template by key (never an inline string), so ops can read every template in the
 * outbox screen (GET /api/mail/templates) exactly as it goes out.
 */

/** One mail template. */
export interface MailTemplate {
  /** Shown to ops in the outbox screen. */
  title: string;
  /** Who receives it. */
  audience: string;
  /** When it is sent. */
  when: string;
  subject: string;
  /** Plain text; `{name}` placeholders are filled by render(). */
  body: string;
  /** Every placeholder the template uses, with what it stands for. */
  placeholders: Record<string, string>;
}

export const MAIL_TEMPLATES = {
  homeowner_invite: {
    title: 'Homeowner invitation',
    audience: 'Homeowner',
    when: 'Ops or the contractor sends tasks to the homeowner from a job (homeowner email solicitation).',
    subject: 'Your home energy rebate: {task_count} to complete ({job_code})',
    body: [
      'Hello {homeowner_name},',
      '',
      '{inviter_name} of {contractor_name} is applying for a {program_name} rebate for your home at {address}.',
      'They need a few answers that only you can give:',
      '',
      '{task_list}',
      '',
      'Open this link to answer them on any device. It signs you in to the rebate portal (no password needed),',
      'works once, and expires in {link_days} days:',
      '{link}',
      '',
      'If you were not expecting this, you can ignore this email.',
    ].join('\n'),
    placeholders: {
      homeowner_name: "The homeowner's name on the job",
      inviter_name: 'Who sent the invitation',
      contractor_name: "The job's contractor company",
      program_name: "The job's program",
      address: "The job's address",
      job_code: "The job's short code",
      task_count: "'1 task' or 'N tasks'",
      task_list: 'The tasks sent, one per line',
      link: 'The one-time link',
      link_days: 'How many days the link works',
    },
  },
  password_reset: {
    title: 'Password reset',
    audience: 'Anyone with an account (ops, contractor, homeowner)',
    when: 'Someone asks for a reset on the sign-in page (forgot password) with the email of an account; an unknown email gets nothing.',
    subject: 'Reset your password',
    body: 'Open this link within {valid_for} to choose a new password: {link}',
    placeholders: {
      valid_for: "How long the link works ('an hour')",
      link: 'The one-time reset link',
    },
  },
  user_invite: {
    title: 'Portal invitation',
    audience: 'A new contractor user or a new ops user',
    when: 'Ops invites a contractor user or an ops colleague, or a contractor invites someone of their own company.',
    subject: 'You are invited to the rebate portal',
    body: '{inviter_name} invited you. Sign in here (the link works once, for {link_hours} hours): {link}',
    placeholders: {
      inviter_name: 'Who sent the invitation',
      link_hours: 'How many hours the link works',
      link: 'The one-time sign-in link',
    },
  },
  signature_invite: {
    title: 'Signature request',
    audience: "A document's signer (homeowner, contractor or another party named on the job)",
    when: "A task's documents are generated and it is this signer's turn, or ops or the contractor resends the invite.",
    subject: 'Please sign: {document_title} (job {job_code})',
    body: [
      'Hello {signer_name},',
      '',
      '{program_name} needs your signature on "{document_title}" for job {job_code}.',
      'Open this link to read the whole document and sign it on any device (no account needed). It works for {link_days} days:',
      '{link}',
      '',
      'If you do not want to sign, the same page lets you decline and tell us why.',
    ].join('\n'),
    placeholders: {
      signer_name: "The signer's name",
      document_title: "The document's title",
      program_name: "The job's program",
      job_code: "The job's short code",
      link_days: 'How many days the link works',
      link: 'The one-time signing link',
    },
  },
  signed_copy: {
    title: 'Your signed copy',
    audience: 'Each signer of a document (homeowner, contractor or another party named on the job)',
    when: 'Everyone has signed a document and its signed copy (every signature and the audit certificate) is made.',
    subject: 'Your signed copy: {document_title} (job {job_code})',
    body: [
      'Hello {signer_name},',
      '',
      'Everyone has signed "{document_title}" for job {job_code} with {program_name}.',
      'Keep a copy for your records: open this link to download it as a PDF. It works for {link_days} days:',
      '{link}',
    ].join('\n'),
    placeholders: {
      signer_name: "The signer's name",
      document_title: "The document's title",
      program_name: "The job's program",
      job_code: "The job's short code",
      link_days: 'How many days the link works',
      link: "The link to the signer's copy",
    },
  },
  usage_invite: {
    title: 'Energy usage collection',
    audience: 'Homeowner',
    when: "The program's usage task starts (the homeowner is asked to connect their utility account), or ops resend the invite.",
    subject: 'Connect your utility account for your home energy rebate ({job_code})',
    body: [
      'Hello {homeowner_name},',
      '',
      "To apply for your rebate, the program needs your home's energy usage. Connect your utility account here (you sign in on your utility's own page; the program never sees your password):",
      '',
      '{link}',
      '',
      'The link works for {link_days} days. If you prefer not to connect, the same page lets you upload your bills instead.',
      '',
    ].join('\n'),
    placeholders: {
      homeowner_name: "The homeowner's name on the job",
      job_code: "The job's short code",
      link: 'The one-time collection link',
      link_days: 'How many days the link works',
    },
  },
  homeowner_sign_in_link: {
    title: 'Homeowner sign-in link',
    audience: 'Homeowner',
    when: 'Ops send a homeowner a new sign-in link from the job (Homeowner access).',
    subject: 'Your sign-in link for your home energy rebate ({job_code})',
    body: [
      'Hello {homeowner_name},',
      '',
      'Here is a new link to your {program_name} rebate for your home at {address}.',
      'It signs you in to the rebate portal (no password needed), works once, and expires in {link_hours} hours:',
      '{link}',
      '',
      'If you did not ask for this, you can ignore this email.',
    ].join('\n'),
    placeholders: {
      homeowner_name: "The homeowner's name on the job",
      program_name: "The job's program",
      address: "The job's address",
      job_code: "The job's short code",
      link: 'The one-time sign-in link',
      link_hours: 'How many hours the link works',
    },
  },
  budget_promoted: {
    title: 'Budget reserved after waiting',
    audience: "The job's contractor company",
    when: "Money came free in the program's budget (a reservation released, expired or an allocation raised) and the job, first on the waitlist, now has its reservation.",
    subject: 'Funds reserved for {job_code}: it left the waitlist',
    body: [
      'Hello {contractor_name},',
      '',
      'Funds of the {program_name} budget are now reserved for job {job_code} at {address}: {amount}.',
      'The job was on the waitlist because the budget was fully reserved; it can go on now.',
      'The reservation holds until {expires_on} unless payment is approved before then.',
    ].join('\n'),
    placeholders: {
      contractor_name: "The job's contractor company",
      program_name: "The job's program",
      job_code: "The job's short code",
      address: "The job's address",
      amount: 'The amount reserved',
      expires_on: 'The day the reservation lapses',
    },
  },
  inspection_visit_proposed: {
    title: 'Inspection visit: times offered',
    audience: "The job's homeowner",
    when: "The program's inspector (or ops) offers times for a field inspection of the work at the home.",
    subject: 'When may the inspector visit? {program_name} inspection of {address}',
    body: [
      'Hello {homeowner_name},',
      '',
      '{program_name} checks a share of the rebate work it pays for. {inspector_name} would like to visit your home at',
      '{address} to look at the work {contractor_name} did; it takes about an hour. They can come:',
      '',
      '{time_list}',
      '',
      'Open this link to take one of these times or to pick another that suits you better:',
      '{link}',
      '',
      'The visit does not change your rebate unless the work needs correcting, which the contractor then does.',
    ].join('\n'),
    placeholders: {
      homeowner_name: "The homeowner's name on the job",
      inspector_name: "The inspector's name (or 'An inspector')",
      program_name: "The job's program",
      contractor_name: "The job's contractor company",
      address: "The job's address",
      time_list: 'The times offered, one per line, in the proposer’s time zone',
      link: "The link to the homeowner's answer page (works until the inspection is recorded)",
    },
  },
  inspection_visit_answered: {
    title: 'Inspection visit: the homeowner answered',
    audience: 'The assigned inspector (ops when none is assigned)',
    when: 'The homeowner takes an offered time for a field inspection, or picks another, from their link.',
    subject: 'Visit confirmed: {job_code}, {when}',
    body: [
      '{homeowner_name} {how} for the field inspection of job {job_code} at {address}: {when}.',
      '{note}',
      'Your inspections: {link}',
    ].join('\n'),
    placeholders: {
      homeowner_name: "The homeowner's name on the job",
      how: "'took a time you offered' or 'picked another time'",
      job_code: "The job's short code",
      address: "The job's address",
      when: 'The confirmed time, in the zone the times were offered in',
      note: "What the homeowner added, or 'No note.'",
      link: 'The inspection queue in the portal',
    },
  },
} as const satisfies Record<string, MailTemplate>;

/** A template's key. */
export type MailTemplateKey = keyof typeof MAIL_TEMPLATES;

/** Fills a template's placeholders; a placeholder with no value is an error (a mail never goes out half-filled). */
export function renderMail(
  key: MailTemplateKey,
  values: Record<string, string | number>,
): { subject: string; body: string } {
  const t: MailTemplate = MAIL_TEMPLATES[key];
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (_, name: string) => {
      const v = values[name];
      if (v === undefined) throw new Error(`mail template ${key}: no value for {${name}}`);
      return String(v);
    });
  return { subject: fill(t.subject), body: fill(t.body) };
}
