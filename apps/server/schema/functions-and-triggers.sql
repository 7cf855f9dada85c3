-- The functions and triggers a migrated wsafe store runs, as PostgreSQL writes them back:
-- the definition in force of each, where the migrations hold every version of it. Not
-- applied by anything: the migrations are. Written by the test beside
-- src/store/database/liveDefinitions.ts (`vitest run -u` rewrites it after a migration).

-- Functions

CREATE OR REPLACE FUNCTION public.wsafe_announce_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('wsafe_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.wsafe_announce_schedule_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('wsafe_schedule_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.wsafe_announce_schedules()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('wsafe_schedules', '');
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.wsafe_count_events()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO event_counts (account_id, type, cause, recorded)
  SELECT account_id, type, cause, count(*) FROM recorded GROUP BY account_id, type, cause
  ON CONFLICT (account_id, type, cause) DO UPDATE SET recorded = event_counts.recorded + excluded.recorded;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.wsafe_deliveries_under_way(endpoint text, at bigint, recorded text[] DEFAULT '{}'::text[])
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
BEGIN
  RETURN (SELECT count(*) FROM webhook_deliveries
           WHERE webhook_id = endpoint AND leased_until > at AND event_id <> ALL (recorded));
END
$function$;

CREATE OR REPLACE FUNCTION public.wsafe_enqueue_deliveries()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.wsafe_equipment_versioned()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF to_jsonb(NEW) - '{version,changed_in,change_seq}'::text[]
       IS DISTINCT FROM to_jsonb(OLD) - '{version,changed_in,change_seq}'::text[] THEN
    NEW.version := CASE WHEN OLD.changed_in = txid_current() THEN OLD.version ELSE OLD.version + 1 END;
    NEW.changed_in := txid_current();
    NEW.change_seq := nextval('equipment_change_seq');
  END IF;
  RETURN NEW;
END
$function$;

CREATE OR REPLACE FUNCTION public.wsafe_inspections_are_kept()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'inspections are kept as recorded: record a new inspection to correct one'
    USING ERRCODE = 'restrict_violation';
END
$function$;

CREATE OR REPLACE FUNCTION public.wsafe_schedules_changed_version_equipment()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.wsafe_schedules_version_equipment()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE equipments e
     SET version = CASE WHEN e.changed_in = txid_current() THEN e.version ELSE e.version + 1 END,
         changed_in = txid_current(),
         change_seq = nextval('equipment_change_seq')
   WHERE e.id IN (SELECT equipment_id FROM touched_schedules);
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.wsafe_time_events_feed_equipment()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE equipments e SET change_seq = nextval('equipment_change_seq')
   WHERE e.id IN (SELECT equipment_id FROM recorded WHERE cause = 'time');
  RETURN NULL;
END
$function$;

-- Triggers

CREATE TRIGGER accounts_announce_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.accounts FOR EACH STATEMENT EXECUTE FUNCTION wsafe_announce_change();
CREATE TRIGGER equipments_announce_schedule_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.equipments FOR EACH STATEMENT EXECUTE FUNCTION wsafe_announce_schedule_change();
CREATE TRIGGER equipments_versioned BEFORE UPDATE ON public.equipments FOR EACH ROW EXECUTE FUNCTION wsafe_equipment_versioned();
CREATE TRIGGER events_count_recorded AFTER INSERT ON public.events REFERENCING NEW TABLE AS recorded FOR EACH STATEMENT EXECUTE FUNCTION wsafe_count_events();
CREATE TRIGGER events_enqueue_deliveries AFTER INSERT ON public.events REFERENCING NEW TABLE AS recorded FOR EACH STATEMENT EXECUTE FUNCTION wsafe_enqueue_deliveries();
CREATE TRIGGER events_feed_time_changes AFTER INSERT ON public.events REFERENCING NEW TABLE AS recorded FOR EACH STATEMENT EXECUTE FUNCTION wsafe_time_events_feed_equipment();
CREATE TRIGGER inspections_kept BEFORE DELETE OR UPDATE ON public.inspections FOR EACH ROW EXECUTE FUNCTION wsafe_inspections_are_kept();
CREATE TRIGGER inspections_kept_whole BEFORE TRUNCATE ON public.inspections FOR EACH STATEMENT EXECUTE FUNCTION wsafe_inspections_are_kept();
CREATE TRIGGER resource_versions_announce_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.resource_versions FOR EACH STATEMENT EXECUTE FUNCTION wsafe_announce_change();
CREATE TRIGGER resources_announce_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.resources FOR EACH STATEMENT EXECUTE FUNCTION wsafe_announce_change();
CREATE TRIGGER schedules_added_version_equipment AFTER INSERT ON public.schedules REFERENCING NEW TABLE AS touched_schedules FOR EACH STATEMENT EXECUTE FUNCTION wsafe_schedules_version_equipment();
CREATE TRIGGER schedules_announce_dates AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.schedules FOR EACH STATEMENT EXECUTE FUNCTION wsafe_announce_schedules();
CREATE TRIGGER schedules_announce_schedule_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.schedules FOR EACH STATEMENT EXECUTE FUNCTION wsafe_announce_schedule_change();
CREATE TRIGGER schedules_changed_version_equipment AFTER UPDATE ON public.schedules REFERENCING OLD TABLE AS old_schedules NEW TABLE AS new_schedules FOR EACH STATEMENT EXECUTE FUNCTION wsafe_schedules_changed_version_equipment();
CREATE TRIGGER schedules_removed_version_equipment AFTER DELETE ON public.schedules REFERENCING OLD TABLE AS touched_schedules FOR EACH STATEMENT EXECUTE FUNCTION wsafe_schedules_version_equipment();
CREATE TRIGGER tokens_announce_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.tokens FOR EACH STATEMENT EXECUTE FUNCTION wsafe_announce_change();
