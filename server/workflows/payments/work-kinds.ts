/** The background work kinds of rebate payments (server/services/payment-work.ts handles them). */
export const PAYMENT_WORK = { create: 'payments.create', check: 'payments.check' } as const;
