/** The background work kinds of federal reporting (server/workflows/reporting/reporting.service.ts handles them). */
export const REPORTING_WORK = { send: 'reporting.send' } as const;
