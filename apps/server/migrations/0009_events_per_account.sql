-- upgrade: stop - servers of 1.2.0 number events from the largest sequence; beside servers drawing from events_sequence two events would get one number
-- Events ordered per account (issue 38): writes through the API (inspections.record) of
-- two accounts record their events at once. Until now every statement that recorded
-- events held the row lock of `event_clock` to its commit and numbered on from the
-- largest sequence, so every tenant's writes ran one after the other.
--
-- The contract orders events per account (events.stream resumes by id within an account;
-- a webhook endpoint is one account's), so the rules become:
--
-- - **Numbering.** `sequence` is drawn from `events_sequence`, which hands out values to
--   concurrent transactions without waiting. Within an account, sequences still follow
--   commit order: a writer draws its values holding its account's transaction lock (see
--   EventProducer), after the account's previous writer committed. Across accounts they
--   need not: a reader of several accounts reads each after its own last sequence
--   (EventFeed), never "after the largest sequence seen". Holes (a rolled-back write)
--   are allowed; nothing reads sequences as a count.
-- - **Exclusive producers** (the recorder of time events, imports) still hold the clock
--   exclusively: no account writer runs beside them. They number a whole statement from
--   one draw and move the sequence past it (`setval`): a million events of an import
--   are one draw, not a million (PGlite drew 61 000 values in 1.4 s).
-- - **Per-account clocks.** A writer of one account records the time events of that
--   account up to its instant (the old dates are gone once it writes), then says how far
--   it did here. How far an account's time events are recorded is the larger of
--   `event_clock.recorded_until` and its row here; the recorder records each account from
--   there, and deletes the rows its clock has passed.
CREATE SEQUENCE events_sequence AS bigint;
SELECT setval('events_sequence', coalesce(max(sequence), 0) + 1, false) FROM events;

CREATE TABLE account_event_clocks (
  account_id text COLLATE "C" PRIMARY KEY,
  recorded_until bigint NOT NULL
);

-- The counts of `wsafe_events_recorded_total`, per account: one row per (type, cause)
-- was a row every recording statement of every tenant updated and held to its commit.
-- The counts until now are kept under the account '' (the metric sums accounts).
ALTER TABLE event_counts ADD COLUMN account_id text COLLATE "C" NOT NULL DEFAULT '';
ALTER TABLE event_counts DROP CONSTRAINT event_counts_pkey;
ALTER TABLE event_counts ADD PRIMARY KEY (account_id, type, cause);
ALTER TABLE event_counts ALTER COLUMN account_id DROP DEFAULT;

CREATE OR REPLACE FUNCTION wsafe_count_events() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_counts (account_id, type, cause, recorded)
  SELECT account_id, type, cause, count(*) FROM recorded GROUP BY account_id, type, cause
  ON CONFLICT (account_id, type, cause) DO UPDATE SET recorded = event_counts.recorded + excluded.recorded;
  RETURN NULL;
END
$$;
