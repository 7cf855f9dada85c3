import type { Sql } from "./Sql.js";

/** A trigger as the database holds it. */
export interface LiveTrigger {
  name: string;
  table: string;
  /** The function it runs. */
  function: string;
  /** `CREATE TRIGGER ...`, as PostgreSQL writes it back. */
  definition: string;
}

/** The functions and triggers of a migrated store, as the database holds them now. */
export interface LiveDefinitions {
  /** Each function of the `public` schema by name: `CREATE OR REPLACE FUNCTION ...`. */
  functions: { name: string; definition: string }[];
  triggers: LiveTrigger[];
}

/**
 * Reads the functions and triggers a store runs, as PostgreSQL writes them back: a trigger
 * replaced by a later migration has one definition here, the one in force, where the
 * migrations hold every version of it.
 *
 * @param sql - a migrated store's database
 * @returns its functions and triggers, each in name order
 */
export async function readLiveDefinitions(sql: Sql): Promise<LiveDefinitions> {
  const functions = await sql.query<{ name: string; definition: string }>(
    `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' ORDER BY p.proname, p.oid`,
  );
  const triggers = await sql.query<LiveTrigger>(
    `SELECT t.tgname AS name, c.relname AS table, p.proname AS function, pg_get_triggerdef(t.oid) AS definition
       FROM pg_trigger t
       JOIN pg_class c ON c.oid = t.tgrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_proc p ON p.oid = t.tgfoid
      WHERE NOT t.tgisinternal AND n.nspname = 'public'
      ORDER BY c.relname, t.tgname`,
  );
  return { functions, triggers };
}

/**
 * The live definitions as one SQL file for people to read, the file
 * `apps/server/schema/functions-and-triggers.sql` that a test keeps current.
 *
 * @param live - what {@link readLiveDefinitions} read
 * @returns the file's text
 */
export function liveDefinitionsFile(live: LiveDefinitions): string {
  const header = [
    "-- The functions and triggers a migrated wsafe store runs, as PostgreSQL writes them back:",
    "-- the definition in force of each, where the migrations hold every version of it. Not",
    "-- applied by anything: the migrations are. Written by the test beside",
    "-- src/store/database/liveDefinitions.ts (`vitest run -u` rewrites it after a migration).",
  ];
  const functions = live.functions.map((f) => `${f.definition.trim()};`);
  const triggers = live.triggers.map((t) => `${t.definition};`);
  return [
    ...header,
    "",
    "-- Functions",
    "",
    functions.join("\n\n"),
    "",
    "-- Triggers",
    "",
    triggers.join("\n"),
    "",
  ].join("\n");
}
