-- upgrade: rolling - it adds tables and nullable columns that servers of 1.1.0 never write
-- Inspections (issue 36): recorded through inspections.record, kept as the certification
-- record, and the schedule's interval and warning that compute its next dates.

-- A schedule's `interval` and `warning`: ISO 8601 calendar durations (P1Y, P6M, P2W,
-- P30D), checked by the schema on import. (Not named `interval`: a keyword of SQL.)
ALTER TABLE schedules ADD COLUMN inspection_interval text, ADD COLUMN expiry_warning text;

-- The inspection whose recording caused an event (cause 'inspection'); NULL otherwise.
ALTER TABLE events ADD COLUMN inspection_id text COLLATE "C";

-- One row per inspection, as recorded: never updated or deleted (the trigger below), and
-- not pruned with events. The equipment's type and serial number are copied as they were
-- when inspected: the certificate names what was inspected, whatever an import changes.
CREATE TABLE inspections (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
  equipment_id text COLLATE "C" NOT NULL,
  equipment_type_id text COLLATE "C" NOT NULL,
  schedule_id text COLLATE "C" NOT NULL,
  serial_number text NOT NULL,
  result text NOT NULL CHECK (result IN ('passed', 'failed')),
  performed_at bigint NOT NULL,
  recorded_at bigint NOT NULL,
  inspector_id text COLLATE "C" NOT NULL,
  notes text,
  expires_on bigint,
  expiring_on bigint
);
-- inspections.list pages by (performed_at, id) within an account, or within one filter.
CREATE INDEX inspections_account_idx ON inspections (account_id, performed_at, id);
-- One equipment's (or one schedule's) history; also the latest inspection of a schedule,
-- which decides whether a new one is a late entry.
CREATE INDEX inspections_schedule_idx ON inspections (equipment_id, schedule_id, performed_at, id);
CREATE INDEX inspections_type_idx ON inspections (account_id, equipment_type_id, performed_at, id);
CREATE INDEX inspections_inspector_idx ON inspections (account_id, inspector_id, performed_at, id);

CREATE FUNCTION wsafe_inspections_are_kept() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'inspections are kept as recorded: record a new inspection to correct one'
    USING ERRCODE = 'restrict_violation';
END
$$;
CREATE TRIGGER inspections_kept
  BEFORE UPDATE OR DELETE ON inspections
  FOR EACH ROW EXECUTE FUNCTION wsafe_inspections_are_kept();
CREATE TRIGGER inspections_kept_whole
  BEFORE TRUNCATE ON inspections
  FOR EACH STATEMENT EXECUTE FUNCTION wsafe_inspections_are_kept();

-- The idempotency keys of inspections.record, per account, for 24 hours from their first
-- use: the request's fingerprint (SHA-256 of its parameters) and the answer it got. A key
-- is claimed by the first statement of the recording transaction, so a retry of the same
-- key waits on the unique index until the first commits, then reads its answer; a
-- transaction that fails leaves no claim. Each recording deletes its account's expired
-- keys, so the table holds about one day of each account's recordings.
CREATE TABLE inspection_requests (
  account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
  idempotency_key text COLLATE "C" NOT NULL,
  fingerprint text NOT NULL,
  created_at bigint NOT NULL,
  answer text,
  PRIMARY KEY (account_id, idempotency_key)
);
CREATE INDEX inspection_requests_age_idx ON inspection_requests (account_id, created_at);
