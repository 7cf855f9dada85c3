-- upgrade: rolling - it only adds a column whose default marks the keys servers of 1.2.0 insert as inspections.record's, the one method they keep keys for; they read a key's fingerprint and answer as before, and a key another method claimed has other parameters for them, so they answer idempotency_key_reused as this server does
--
-- Every write method takes `idempotency_key` (issue 48), and their keys share this table
-- with inspections.record's: a key is the account's, whichever write it was sent with, as
-- the contract says (a key sent to another method is `idempotency_key_reused`, not that
-- method's first answer). The table keeps the name migration 0008 gave it: under a new
-- name, a server of 1.2.0 beside this one would claim the same key in another table, and
-- one retried inspection could be recorded twice. `src/writes/idempotencyKeys.ts` claims
-- the keys of every write here.
ALTER TABLE inspection_requests ADD COLUMN method text NOT NULL DEFAULT 'inspections.record';
