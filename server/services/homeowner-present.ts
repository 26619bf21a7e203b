/**
 * Where a homeowner's rebate stands, in their words (issue 42): what happened, what they can do, whom to ask.
 * Never a rule's id or description, a fact key or a budget's internals: an ineligible job says each rule's
 * `homeowner_message` (program-defs, data), or the one plain general sentence below; a budget's reservation or
 * waitlist is said as money set aside or waiting for program funds.
 */

import { formatCents, longDate, payeeOf, type JobEvaluation, type Program } from '../../engine/index.ts';
import type { JobBudget } from '../../engine/api/budgets.ts';
import type { HomeownerStanding } from '../../engine/api/misc.ts';
import type { JobTask } from '../../engine/api/jobs.ts';
import type { JobRow } from '../db/jobs.db.ts';
import { isOpenTask } from '../../engine/index.ts';

/** The contractor company of a job as the homeowner may reach it. */
export interface ContractorContact {
  name: string;
  phone: string | null;
  email: string | null;
}

/** Every sentence the homeowner's standing uses, in one place (program-specific wording is the definitions'). */
export const HOMEOWNER_WORDS = {
  /** Said for a rule that has no `homeowner_message` of its own. */
  generic_reason: 'Your project does not meet one of the program’s requirements.',
  ineligible_title: 'Your project cannot get this rebate as things stand',
  ineligible_can_do: 'If something here is not right, your contractor can correct it and the program will look again.',
  canceled_title: 'This rebate application was canceled',
  canceled_says: 'Nothing more is needed from you for this application.',
  paid_title: 'Your rebate was paid',
  waiting_title: 'Your rebate is waiting for program funds',
  waiting_says: (place: number | null) =>
    `The program’s money for your area is all reserved right now. Your application ${
      place ? `is number ${place} in line and ` : ''
    }keeps its place: it goes ahead as soon as funds free up.`,
  waiting_can_do: 'Nothing to do: your contractor hears from the program as soon as it goes ahead.',
  reserved_title: 'Your rebate is reserved',
  // No figure: what is held is the top of the estimate, which the rebate card's own amount may differ from.
  reserved_says: (until: string | null) =>
    `The program has set aside the money for your rebate${until ? ` until ${longDate(until)}` : ''}.`,
  your_turn_title: 'We need a few answers from you',
  your_turn_can_do: 'Answer the tasks under “Your tasks” below.',
  working_title: 'Your contractor and the program are working on your rebate',
  working_says: 'Nothing is needed from you right now. We will write to you when something is.',
  checking_title: 'The program is checking your application',
  checking_says: 'It cannot tell yet whether your project qualifies; someone is looking into it.',
  eligible_title: 'Your project qualifies for this rebate',
  ask_contractor: (c: ContractorContact) =>
    `Questions? Ask your contractor, ${c.name}${c.phone ? `, at ${c.phone}` : c.email ? `, at ${c.email}` : ''}.`,
  ask_program: (program: string) => `Questions? Reply to the email ${program} sent you.`,
} as const;

/** The homeowner's sentence of each rule that makes the job ineligible, each said once, in rule order. */
export function homeownerReasons(program: Program, ev: Pick<JobEvaluation, 'eligibility'>): string[] {
  const said = ev.eligibility.reasons.map(
    (r) => program.eligibility.find((x) => x.id === r.rule)?.homeowner_message ?? HOMEOWNER_WORDS.generic_reason,
  );
  return [...new Set(said)];
}

/** What the standing is built from. */
export interface StandingInput {
  job: Pick<JobRow, 'is_canceled' | 'full_name'>;
  program: Program;
  ev: Pick<JobEvaluation, 'eligibility' | 'incentive'>;
  /** The homeowner's tasks as presented to them. */
  tasks: Pick<JobTask, 'status' | 'can_edit'>[];
  budget: JobBudget | undefined;
  contractor: ContractorContact | null;
  /** What would lift each reason that holds the job, in words (presentEvaluation's `would_pass`). */
  lifts?: string[];
}

/** Where the homeowner's rebate stands, in their words. */
export function homeownerStanding(i: StandingInput): HomeownerStanding {
  const W = HOMEOWNER_WORDS;
  const ask = i.contractor ? W.ask_contractor(i.contractor) : W.ask_program(i.program.name);
  const at = (tone: HomeownerStanding['tone'], title: string, says: string[], can_do: string | null = null) => ({
    tone,
    title,
    says,
    can_do,
    ask,
  });
  if (i.job.is_canceled) return at('stopped', W.canceled_title, [W.canceled_says]);
  const inc = i.ev.incentive;
  if (inc.phase === 'payment_sent') {
    const p = inc.payment;
    const to = payeeOf(p?.paid_to, i.contractor?.name, i.job.full_name);
    const amount = formatCents(p?.amount_cents ?? inc.final_cents ?? 0);
    const on = p?.sent_date ? ` on ${longDate(p.sent_date)}` : '';
    return at('done', W.paid_title, [`Payment sent $${amount} to ${to}${on}.`]);
  }
  if (i.ev.eligibility.status === 'ineligible')
    return at(
      'stopped',
      W.ineligible_title,
      [...homeownerReasons(i.program, i.ev), ...new Set(i.lifts ?? [])],
      W.ineligible_can_do,
    );
  if (i.budget?.status === 'waitlisted')
    return at('waiting', W.waiting_title, [W.waiting_says(i.budget.waitlist_position)], W.waiting_can_do);
  const yours = i.tasks.some((t) => t.can_edit && isOpenTask(t));
  const reserved = i.budget?.status === 'reserved' ? [W.reserved_says(i.budget.expires_at)] : [];
  if (yours) return at('progress', W.your_turn_title, reserved, W.your_turn_can_do);
  if (reserved.length) return at('progress', W.reserved_title, reserved);
  if (i.ev.eligibility.status === 'unable_to_determine') return at('waiting', W.checking_title, [W.checking_says]);
  if (i.ev.eligibility.status === 'eligible') return at('progress', W.eligible_title, [W.working_says]);
  return at('progress', W.working_title, [W.working_says]);
}
