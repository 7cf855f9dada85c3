-- upgrade: rolling - it adds columns with defaults, a table, and triggers that keep versions and the changes feed true whoever writes; servers of 1.4.0 write equipment, schedules and events as before, fire the triggers, and never read what they add; until the last of them restarts, their events.list and events.stream that name no type answer the register's record events too (types a 1.4 client skips as unknown; an equipmentType event with equipment_id null), so callers reading those should name their types or finish the rollout first
--
-- The register through the API (issue 49). Each equipment gains the caller's own key
-- (`external_id`, unique among the account's register), a `version` that grows with every
-- transaction that changes its stored record, and `change_seq`, its place in the
-- account's feed of changes (`equipments.changes`): drawn again at every change of what
-- `equipments.list` answers for it (a field, a schedule, a status that changed with time).
--
-- The version and the feed's place are kept by triggers, not by each writer: an import,
-- an inspection, the register's writes, and, during a rolling upgrade, servers of 1.4.0
-- (which know of neither) all change equipment and schedules, and a mirror that missed
-- one of their writes would stay wrong. `changed_in` is the transaction that last changed
-- the record, so a write that changes an equipment and three of its schedules makes one
-- version, not four. `src/store/database/databaseTriggers.ts` lists them.

CREATE SEQUENCE equipment_change_seq;

ALTER TABLE equipments
  ADD COLUMN external_id text COLLATE "C",
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN changed_in bigint NOT NULL DEFAULT txid_current(),
  ADD COLUMN change_seq bigint NOT NULL DEFAULT nextval('equipment_change_seq');
CREATE UNIQUE INDEX equipments_external_id_idx ON equipments (account_id, external_id)
  WHERE external_id IS NOT NULL;
CREATE INDEX equipments_change_seq_idx ON equipments (account_id, change_seq);

-- A new version when what is stored changed (not when an update wrote the same values:
-- an import writes every row it names), once per transaction.
CREATE FUNCTION wsafe_equipment_versioned() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF to_jsonb(NEW) - '{version,changed_in,change_seq}'::text[]
       IS DISTINCT FROM to_jsonb(OLD) - '{version,changed_in,change_seq}'::text[] THEN
    NEW.version := CASE WHEN OLD.changed_in = txid_current() THEN OLD.version ELSE OLD.version + 1 END;
    NEW.changed_in := txid_current();
    NEW.change_seq := nextval('equipment_change_seq');
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER equipments_versioned
  BEFORE UPDATE ON equipments
  FOR EACH ROW EXECUTE FUNCTION wsafe_equipment_versioned();

-- A schedule added, changed or removed is a change of its equipment's record: one set-based
-- update per statement, over the rows it touched.
CREATE FUNCTION wsafe_schedules_version_equipment() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE equipments e
     SET version = CASE WHEN e.changed_in = txid_current() THEN e.version ELSE e.version + 1 END,
         changed_in = txid_current(),
         change_seq = nextval('equipment_change_seq')
   WHERE e.id IN (SELECT equipment_id FROM touched_schedules);
  RETURN NULL;
END
$$;
CREATE FUNCTION wsafe_schedules_changed_version_equipment() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE equipments e
     SET version = CASE WHEN e.changed_in = txid_current() THEN e.version ELSE e.version + 1 END,
         changed_in = txid_current(),
         change_seq = nextval('equipment_change_seq')
   WHERE e.id IN (SELECT n.equipment_id FROM new_schedules n
                    JOIN old_schedules o ON o.equipment_id = n.equipment_id AND o.schedule_id = n.schedule_id
                   WHERE n IS DISTINCT FROM o);
  RETURN NULL;
END
$$;
CREATE TRIGGER schedules_added_version_equipment
  AFTER INSERT ON schedules
  REFERENCING NEW TABLE AS touched_schedules
  FOR EACH STATEMENT EXECUTE FUNCTION wsafe_schedules_version_equipment();
CREATE TRIGGER schedules_removed_version_equipment
  AFTER DELETE ON schedules
  REFERENCING OLD TABLE AS touched_schedules
  FOR EACH STATEMENT EXECUTE FUNCTION wsafe_schedules_version_equipment();
CREATE TRIGGER schedules_changed_version_equipment
  AFTER UPDATE ON schedules
  REFERENCING OLD TABLE AS old_schedules NEW TABLE AS new_schedules
  FOR EACH STATEMENT EXECUTE FUNCTION wsafe_schedules_changed_version_equipment();

-- A status that changed with time changes what equipments.list answers, not the record:
-- the equipment takes a new place in the feed, its version stays. Whoever records the time
-- events (a server's recorder, a writer's time-first step, a server of 1.4.0) moves it.
CREATE FUNCTION wsafe_time_events_feed_equipment() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE equipments e SET change_seq = nextval('equipment_change_seq')
   WHERE e.id IN (SELECT equipment_id FROM recorded WHERE cause = 'time');
  RETURN NULL;
END
$$;
CREATE TRIGGER events_feed_time_changes
  AFTER INSERT ON events
  REFERENCING NEW TABLE AS recorded
  FOR EACH STATEMENT EXECUTE FUNCTION wsafe_time_events_feed_equipment();

-- A retired equipment leaves `equipments` (with its schedules), so every list, status and
-- time transition forgets it as it forgets an equipment never made; what stays is this row:
-- the answer of its retirement (a repeat answers it again), and its place in the feed,
-- which reports it as removed. Its inspections stay in `inspections`, which never
-- referenced the equipment's row.
CREATE TABLE retired_equipments (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
  external_id text COLLATE "C",
  retired_at bigint NOT NULL,
  change_seq bigint NOT NULL DEFAULT nextval('equipment_change_seq'),
  -- The record as equipments.list answered it at the retirement.
  equipment jsonb NOT NULL
);
CREATE INDEX retired_equipments_change_seq_idx ON retired_equipments (account_id, change_seq);
CREATE INDEX retired_equipments_external_id_idx ON retired_equipments (account_id, external_id, retired_at);

-- The record events: an equipment type's concern no equipment.
ALTER TABLE events
  ALTER COLUMN equipment_id DROP NOT NULL,
  ADD COLUMN record jsonb,
  ADD COLUMN previous_attributes jsonb;

-- An endpoint made without `types` wants the status types, every type it could name when
-- it was made; the record types reach only an endpoint that names them. As 0007's otherwise.
CREATE OR REPLACE FUNCTION wsafe_enqueue_deliveries() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (webhook_id, event_id, sequence, next_attempt_at, created)
  SELECT w.id, e.id, e.sequence, now_ms.at, now_ms.at
    FROM recorded e
    JOIN webhooks w ON w.account_id = e.account_id
    CROSS JOIN (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS at) now_ms
   WHERE w.state <> 'disabled'
     AND (CASE WHEN cardinality(w.types) = 0
               THEN e.type IN ('schedule.status_changed', 'equipment.status_changed')
               ELSE e.type = ANY (w.types) END)
     AND (w.equipment_type_id IS NULL OR w.equipment_type_id = e.equipment_type_id);
  IF FOUND THEN
    PERFORM pg_notify('wsafe_deliveries', '');
  END IF;
  RETURN NULL;
END
$$;
