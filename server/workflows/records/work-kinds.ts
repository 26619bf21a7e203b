/** The background work kinds of completion records (server/workflows/records/records.service.ts handles them). */
export const RECORD_WORK = { issue: 'records.issue' } as const;
