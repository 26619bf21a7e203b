-- A homeowner's "no" is final (issue 40): a decline after consent withdraws it. withdrawn_at is when; the usage
-- collected before it stays for ops to read, marked as collected before the withdrawal.
ALTER TABLE usage_collections ADD COLUMN withdrawn_at TEXT;
