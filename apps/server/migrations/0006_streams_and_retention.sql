-- upgrade: rolling - it adds indexes, a table and counting triggers that also count the events servers of 1.0.0 record
-- Streams, retention and the recorder's sleep (issue 35).

-- The stream's reads: one account's events after the last it sent, in recording order.
-- Through `events_sequence_idx` a reader walked every tenant's events after that sequence
-- and kept its own: with 1 000 accounts, a thousand rows read for each one sent.
CREATE INDEX events_account_sequence_idx ON events (account_id, sequence);

-- Retention deletes the attempts older than the events it keeps, oldest first.
CREATE INDEX webhook_attempts_attempted_at_idx ON webhook_attempts (attempted_at);

-- Retention runs in one process of a deployment at a time: the process whose
-- `UPDATE ... WHERE pruned_at <= now - interval` changes this row prunes; the others find
-- it changed and leave it. `pruned_at` is when the last pruning began (ms since the epoch).
CREATE TABLE event_retention (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  pruned_at bigint NOT NULL
);
INSERT INTO event_retention (pruned_at) VALUES (0);

-- The recorder sleeps until the next date that changes a status. A statement that changes
-- schedules (an import, by any process) may bring a nearer one: it says so on
-- `wsafe_schedules` when it commits, once per statement, and every recorder looks again.
CREATE FUNCTION wsafe_announce_schedules() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wsafe_schedules', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER schedules_announce_dates
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON schedules
  FOR EACH STATEMENT EXECUTE FUNCTION wsafe_announce_schedules();

-- How many events were ever recorded, by type and cause: `wsafe_events_recorded_total`.
-- Counted by the statement that records them, whichever process runs it (a server's
-- recorder, `wsafe import`), so every server reports the store's figure; retention does
-- not lower it. One upsert per recording statement, under the event clock's lock that
-- every such statement already holds, so it waits on nobody new.
CREATE TABLE event_counts (
  type text NOT NULL,
  cause text NOT NULL,
  recorded bigint NOT NULL,
  PRIMARY KEY (type, cause)
);
INSERT INTO event_counts (type, cause, recorded)
  SELECT type, cause, count(*) FROM events GROUP BY type, cause;

CREATE FUNCTION wsafe_count_events() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_counts (type, cause, recorded)
  SELECT type, cause, count(*) FROM recorded GROUP BY type, cause
  ON CONFLICT (type, cause) DO UPDATE SET recorded = event_counts.recorded + excluded.recorded;
  RETURN NULL;
END
$$;

CREATE TRIGGER events_count_recorded
  AFTER INSERT ON events
  REFERENCING NEW TABLE AS recorded
  FOR EACH STATEMENT EXECUTE FUNCTION wsafe_count_events();
