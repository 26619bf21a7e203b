/** The background work kinds of rebate payments (server/workflows/payments/payment-work.ts handles them). */
export const PAYMENT_WORK = { create: 'payments.create', check: 'payments.check' } as const;
