import { type DatabaseTrigger, databaseTriggers } from "./databaseTriggers.js";

/**
 * Where a notification comes from: a trigger of the database, which fires whoever wrote
 * (a server, `wsafe import`, an operator in psql), or a statement of this server's own.
 */
export type NotificationSource =
  | {
      /** The trigger function that calls `pg_notify` (its live body: `schema/functions-and-triggers.sql`). */
      function: string;
      /** The triggers that run it, each on its table: entries of `databaseTriggers`. */
      triggers: readonly DatabaseTrigger[];
    }
  | {
      /** The TypeScript file whose statement calls `pg_notify`. */
      statement: string;
    };

/** One channel of PostgreSQL's `LISTEN`/`NOTIFY` that servers listen on. */
export interface NotificationChannel {
  /** The channel's name in the database. */
  name: string;
  /** What a notification on it says, and its payload. */
  says: string;
  /** What sends it. */
  sentBy: readonly NotificationSource[];
  /** What listens, and what it does when told. */
  heardBy: readonly string[];
}

/**
 * Every channel servers listen on, in one table: its name, what sends it and who listens.
 * Names are written nowhere else in TypeScript, and `notificationChannels.test.ts` holds
 * the table to the database on both stores: each trigger named here exists on its table
 * and runs its function, each function notifies its channel, and no function of the
 * schema notifies a channel missing here. A migration that drops a trigger a listener
 * depends on fails that test instead of leaving a server waiting for what never comes.
 *
 * Two channels announce a change of `schedules` (`schedules` for the recorder, since
 * migration 0006; `scheduleChanges` for the events' cache, since 0010): a server of the
 * release before listens on the first, so both stay while such servers may run beside.
 */
export const notificationChannels = {
  changes: {
    name: "wsafe_changes",
    says: "accounts, tokens or resources changed; the payload is the table's name",
    sentBy: [
      {
        function: "wsafe_announce_change",
        triggers: [
          databaseTriggers.accountsAnnounceChange,
          databaseTriggers.tokensAnnounceChange,
          databaseTriggers.resourcesAnnounceChange,
          databaseTriggers.resourceVersionsAnnounceChange,
        ],
      },
    ],
    heardBy: [
      "the read cache (src/store/Store.ts): drops the tokens and resources.list answers it keeps",
      "the stream watch (src/streams/StreamAccessWatch.ts): ends streams of a revoked token or an inactive account",
    ],
  },
  schedules: {
    name: "wsafe_schedules",
    says: "schedules changed, so a date may now be nearer; no payload",
    sentBy: [
      {
        function: "wsafe_announce_schedules",
        triggers: [databaseTriggers.schedulesAnnounceDates],
      },
    ],
    heardBy: [
      "the recorder (src/events/EventRecorder.ts): looks again for the next date that changes a status",
    ],
  },
  scheduleChanges: {
    name: "wsafe_schedule_changes",
    says: "equipment or schedules changed; the payload is the table's name",
    sentBy: [
      {
        function: "wsafe_announce_schedule_change",
        triggers: [
          databaseTriggers.equipmentsAnnounceScheduleChange,
          databaseTriggers.schedulesAnnounceScheduleChange,
        ],
      },
    ],
    heardBy: ["the events' cache (src/events/EventLog.ts): drops the expected events it computed"],
  },
  events: {
    name: "wsafe_events",
    says: "events were recorded; no payload",
    sentBy: [{ statement: "src/events/insertEventsSql.ts" }],
    heardBy: ["the feed (src/events/EventFeed.ts): reads the new events for the streams open"],
  },
  deliveries: {
    name: "wsafe_deliveries",
    says: "webhook deliveries are due; no payload",
    sentBy: [
      {
        function: "wsafe_enqueue_deliveries",
        triggers: [databaseTriggers.eventsOutbox],
      },
      { statement: "src/webhooks/WebhookStore.ts" },
      { statement: "src/webhooks/deliveryQueue.ts" },
    ],
    heardBy: ["the delivery pool (src/webhooks/DeliveryWorker.ts): claims what is due"],
  },
  migrations: {
    name: "wsafe_migrations",
    says: "migrations were applied; the payload lists their files",
    sentBy: [{ statement: "src/store/database/migrate.ts" }],
    heardBy: [
      "the migration watch (src/health/MigrationWatch.ts): stops being ready past a migration it must not run beside",
    ],
  },
} as const satisfies Record<string, NotificationChannel>;
