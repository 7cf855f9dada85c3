-- upgrade: rolling - it adds tables and indexes; servers before it neither record nor read events
-- Events (issue 29): the status transitions of schedules and equipment, recorded when
-- they happen. Statuses are computed, never stored (decisions.md, section 3), so an
-- event is recorded when its instant passes (cause 'time') or when an import changes
-- what the statuses are computed from (cause 'import').
--
-- `id` is stable: a time event's id is derived from what it is (equipment, schedule,
-- instant, statuses), so the id events.list shows for an expected event is the id it is
-- recorded with, and N servers recording it at once insert it once (ON CONFLICT).
-- `sequence` numbers events in recording order: each statement that inserts events
-- numbers them on from the largest sequence recorded, under the row lock of
-- `event_clock`, held until it commits. So sequences also follow commit order: a reader
-- that has seen sequence n has seen every event below it. (Numbered by the statement, not
-- by an identity column: PGlite drew 61 000 identity values in 1.4 s.)
CREATE TABLE events (
  id text COLLATE "C" PRIMARY KEY,
  sequence bigint NOT NULL,
  account_id text COLLATE "C" NOT NULL,
  type text NOT NULL,
  occurred_at bigint NOT NULL,
  cause text NOT NULL,
  equipment_id text COLLATE "C" NOT NULL,
  equipment_type_id text COLLATE "C" NOT NULL,
  schedule_id text COLLATE "C",
  from_status text,
  to_status text
);
-- events.list: one account's window in (occurred_at, id) order, the keyset of its pages.
CREATE INDEX events_account_time_idx ON events (account_id, occurred_at, id);
-- The stream: what every server's feed reads after the last sequence it saw, and what an
-- account missed after the last event it got. Recording numbers events on from the largest
-- sequence, under the clock's lock, at instants never before the clock: `occurred_at` never
-- falls as `sequence` rises, so retention deletes from the lowest sequence on, through this
-- same index. (Two more indexes, per account and per instant, cost an import of 20 000
-- equipment 1.4 s more on PGlite, for reads these two serve.)
CREATE UNIQUE INDEX events_sequence_idx ON events (sequence);

-- How far time events are recorded: every transition at an instant up to
-- `recorded_until` (ms since the epoch) is in `events`; those after it are computed from
-- the data when asked for. One row. Starting now: transitions before this migration did
-- not happen in this store's history.
CREATE TABLE event_clock (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  recorded_until bigint NOT NULL
);
INSERT INTO event_clock (recorded_until)
  VALUES ((extract(epoch FROM clock_timestamp()) * 1000)::bigint);

-- The next transitions, found through an index rather than a scan of every schedule:
-- a schedule's status changes only when the instant reaches expiringOn or expiresOn.
CREATE INDEX schedules_expiring_on_idx ON schedules (expiring_on);
CREATE INDEX schedules_expires_on_idx ON schedules (expires_on);
