/** One trigger of the store that the server depends on. */
export interface DatabaseTrigger {
  /** The trigger's name, on its table. */
  name: string;
  table: string;
  /** The function it runs (its live body: `schema/functions-and-triggers.sql`). */
  function: string;
  /** What it does, and what depends on it. */
  does: string;
  /** Why it is a trigger rather than a statement of the server's own. */
  whyTrigger: string;
}

/** Why a change announcement is a trigger: it must fire whoever writes. */
const announcedByEveryWriter =
  "every writer announces: a server, `wsafe import`, an operator in psql, and servers of the release before";

/** Why the register's versions are triggers: every writer of equipment and schedules must keep them. */
const versionedByEveryWriter =
  "every writer of equipment and schedules keeps versions and the feed true: the register's writes, inspections, `wsafe import`, and servers of the release before, which know of neither, during a rolling upgrade";

/**
 * Every trigger of the store, in one table: what each does, what depends on it, and why it
 * is a trigger. The TypeScript that relies on one names its entry (`EventWriter.reliesOn`,
 * `notificationChannels`), and `liveDefinitions.test.ts` holds the table to the database
 * on both stores: each trigger here exists on its table and runs its function, and the
 * database has no trigger the table lacks. A migration that drops or replaces one fails
 * that test instead of silently stopping a side effect.
 *
 * The outbox and the counts stay triggers: during a rolling upgrade, servers of the
 * release before insert events and rely on them, and so do `wsafe import` and writers in
 * psql; each is still one set-based statement, over the statement's inserted rows.
 */
export const databaseTriggers = {
  eventsOutbox: {
    name: "events_enqueue_deliveries",
    table: "events",
    function: "wsafe_enqueue_deliveries",
    does: "fills the webhook outbox (`webhook_deliveries`) with a row per event and endpoint that wants it, in the statement that inserts the events, and notifies `wsafe_deliveries`; the event writer (src/events/EventWriter.ts) relies on it: an event is never committed without its deliveries",
    whyTrigger:
      "servers of the release before insert events and rely on it during a rolling upgrade, and `wsafe import` too; it stays one set-based statement over the inserted rows",
  },
  eventsCounted: {
    name: "events_count_recorded",
    table: "events",
    function: "wsafe_count_events",
    does: "adds what each statement inserted into `events`, by account, type and cause, to `event_counts`, which `wsafe_events_recorded_total` reports whichever process recorded them; the event writer relies on it",
    whyTrigger: "servers of the release before insert events and rely on it during a rolling upgrade",
  },
  inspectionsKept: {
    name: "inspections_kept",
    table: "inspections",
    function: "wsafe_inspections_are_kept",
    does: "refuses to update or delete an inspection: records that matter to a regulator are never edited",
    whyTrigger: "the rule holds against every writer of the database, not only this server",
  },
  inspectionsKeptWhole: {
    name: "inspections_kept_whole",
    table: "inspections",
    function: "wsafe_inspections_are_kept",
    does: "refuses to truncate `inspections`, as `inspections_kept` refuses a delete",
    whyTrigger: "the rule holds against every writer of the database, not only this server",
  },
  accountsAnnounceChange: {
    name: "accounts_announce_change",
    table: "accounts",
    function: "wsafe_announce_change",
    does: "notifies `wsafe_changes` (see notificationChannels.changes)",
    whyTrigger: announcedByEveryWriter,
  },
  tokensAnnounceChange: {
    name: "tokens_announce_change",
    table: "tokens",
    function: "wsafe_announce_change",
    does: "notifies `wsafe_changes` (see notificationChannels.changes)",
    whyTrigger: announcedByEveryWriter,
  },
  resourcesAnnounceChange: {
    name: "resources_announce_change",
    table: "resources",
    function: "wsafe_announce_change",
    does: "notifies `wsafe_changes` (see notificationChannels.changes)",
    whyTrigger: announcedByEveryWriter,
  },
  resourceVersionsAnnounceChange: {
    name: "resource_versions_announce_change",
    table: "resource_versions",
    function: "wsafe_announce_change",
    does: "notifies `wsafe_changes` (see notificationChannels.changes)",
    whyTrigger: announcedByEveryWriter,
  },
  schedulesAnnounceDates: {
    name: "schedules_announce_dates",
    table: "schedules",
    function: "wsafe_announce_schedules",
    does: "notifies `wsafe_schedules` (see notificationChannels.schedules)",
    whyTrigger: announcedByEveryWriter,
  },
  equipmentsAnnounceScheduleChange: {
    name: "equipments_announce_schedule_change",
    table: "equipments",
    function: "wsafe_announce_schedule_change",
    does: "notifies `wsafe_schedule_changes` (see notificationChannels.scheduleChanges)",
    whyTrigger: announcedByEveryWriter,
  },
  schedulesAnnounceScheduleChange: {
    name: "schedules_announce_schedule_change",
    table: "schedules",
    function: "wsafe_announce_schedule_change",
    does: "notifies `wsafe_schedule_changes` (see notificationChannels.scheduleChanges)",
    whyTrigger: announcedByEveryWriter,
  },
  equipmentsVersioned: {
    name: "equipments_versioned",
    table: "equipments",
    function: "wsafe_equipment_versioned",
    does: "gives an equipment whose stored record an update changed its next `version` (once per transaction) and a new place in the changes feed (`change_seq`); `equipments.update`'s `if_version` and `equipments.changes` rely on it",
    whyTrigger: versionedByEveryWriter,
  },
  schedulesAddedVersionEquipment: {
    name: "schedules_added_version_equipment",
    table: "schedules",
    function: "wsafe_schedules_version_equipment",
    does: "a schedule added is a change of its equipment's record: its version and feed place, as `equipments_versioned`",
    whyTrigger: versionedByEveryWriter,
  },
  schedulesRemovedVersionEquipment: {
    name: "schedules_removed_version_equipment",
    table: "schedules",
    function: "wsafe_schedules_version_equipment",
    does: "a schedule removed is a change of its equipment's record: its version and feed place, as `equipments_versioned`",
    whyTrigger: versionedByEveryWriter,
  },
  schedulesChangedVersionEquipment: {
    name: "schedules_changed_version_equipment",
    table: "schedules",
    function: "wsafe_schedules_changed_version_equipment",
    does: "a schedule whose dates or rules changed (an inspection, `schedules.set`, an import) is a change of its equipment's record: its version and feed place",
    whyTrigger: versionedByEveryWriter,
  },
  eventsFeedTimeChanges: {
    name: "events_feed_time_changes",
    table: "events",
    function: "wsafe_time_events_feed_equipment",
    does: "an equipment whose status changed with time (an event of cause `time`) takes a new place in the changes feed, its version unchanged: `equipments.changes` relies on it for the statuses time changes",
    whyTrigger:
      "whoever records the time events moves the feed: a server's recorder, a writer's time-first step, and servers of the release before during a rolling upgrade",
  },
} as const satisfies Record<string, DatabaseTrigger>;
