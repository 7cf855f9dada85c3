// The tables of triggers and channels against the database a server runs on: code that
// depends on a trigger names it, and loses it only by failing here.
import { createPostgresDatabase, type PostgresScratchDatabase, postgresUrl } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTriggers } from "./databaseTriggers.js";
import { type LiveDefinitions, liveDefinitionsFile, readLiveDefinitions } from "./liveDefinitions.js";
import { migrate } from "./migrate.js";
import { notificationChannels } from "./notificationChannels.js";
import { openPglite } from "./openPglite.js";
import { openPostgres } from "./openPostgres.js";
import type { Sql } from "./Sql.js";

/** The channels each function's live body notifies, read from its `pg_notify` calls. */
const notifiedBy = (definition: string) =>
  [...definition.matchAll(/pg_notify\('([a-z_]+)'/g)].map((match) => match[1]);

const channels = Object.values(notificationChannels);

const stores = [
  {
    name: "PGlite",
    skip: false,
    open: async () => ({ sql: await openPglite("memory://"), drop: async () => {} }),
  },
  {
    name: "PostgreSQL",
    skip: !postgresUrl,
    open: async () => {
      const db: PostgresScratchDatabase = await createPostgresDatabase("channels", postgresUrl, {
        template: "none",
      });
      return { sql: await openPostgres(db.database), drop: () => db.drop() };
    },
  },
];

describe.each(stores)("the triggers and notification channels on $name", ({ skip, open }) => {
  describe.skipIf(skip)("against the migrated store", () => {
    let sql: Sql;
    let drop: () => Promise<void>;
    let live: LiveDefinitions;
    beforeAll(async () => {
      ({ sql, drop } = await open());
      await migrate(sql);
      live = await readLiveDefinitions(sql);
    });
    afterAll(async () => {
      await sql?.close();
      await drop?.();
    });

    it("finds each trigger of databaseTriggers on its table, running its function", () => {
      for (const trigger of Object.values(databaseTriggers))
        expect(
          live.triggers.map((t) => `${t.name} on ${t.table} runs ${t.function}`),
          trigger.name,
        ).toContain(`${trigger.name} on ${trigger.table} runs ${trigger.function}`);
    });

    it("finds no trigger in the database that databaseTriggers lacks", () => {
      const named = Object.values(databaseTriggers).map((t) => `${t.name} on ${t.table}`);
      for (const trigger of live.triggers) expect(named).toContain(`${trigger.name} on ${trigger.table}`);
    });

    it("finds each trigger the table names on its table, running its function, which notifies its channel", () => {
      for (const channel of channels)
        for (const source of channel.sentBy) {
          if (!("function" in source)) continue;
          const body = live.functions.find((f) => f.name === source.function);
          expect(body, `${channel.name}: function ${source.function}`).toBeDefined();
          expect(notifiedBy(body?.definition ?? "")).toContain(channel.name);
          for (const trigger of source.triggers)
            expect(live.triggers, `${channel.name}: trigger ${trigger.name}`).toContainEqual(
              expect.objectContaining({
                name: trigger.name,
                table: trigger.table,
                function: source.function,
              }),
            );
        }
    });

    it("finds no function notifying a channel the table does not name, nor one it does not list as a sender", () => {
      const named = new Set(channels.map((channel) => channel.name));
      const listed = new Set(
        channels.flatMap((channel) =>
          channel.sentBy.flatMap((source) => ("function" in source ? [source.function] : [])),
        ),
      );
      for (const { name, definition } of live.functions)
        for (const channel of notifiedBy(definition)) {
          expect(named, `${name} notifies ${channel}`).toContain(channel);
          expect(listed, `${name} notifies ${channel}`).toContain(name);
        }
    });

    it("holds the very definitions the repository prints, on both stores", async () => {
      await expect(liveDefinitionsFile(live)).toMatchFileSnapshot(
        "../../../schema/functions-and-triggers.sql",
      );
    });
  });
});
