-- upgrade: rolling - it adds triggers that notify; servers of 1.2.0 never listen, and their writes fire them too
-- Servers keep the expected events they computed for an account's walk of events.list in
-- memory (src/events/ComputedEventsCache.ts), so that a page starting inside an instant
-- does not compute that whole instant again. Expected events are computed from the
-- equipment and their schedules alone, so whatever changes those tables - an import,
-- inspections.record, an operator in psql - announces it on `wsafe_schedule_changes`
-- when its transaction commits, and every server listening drops what it holds.
--
-- A channel of its own, not `wsafe_changes`: the read cache (token records,
-- resources.list) would otherwise be emptied by every recorded inspection. One
-- notification per statement, as migration 0002's: a transaction that already announces
-- (inspections.record announces its events) takes no second queue lock at commit.

CREATE FUNCTION wsafe_announce_schedule_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wsafe_schedule_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER equipments_announce_schedule_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON equipments
  FOR EACH STATEMENT EXECUTE FUNCTION wsafe_announce_schedule_change();

CREATE TRIGGER schedules_announce_schedule_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON schedules
  FOR EACH STATEMENT EXECUTE FUNCTION wsafe_announce_schedule_change();
