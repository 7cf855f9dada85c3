import type { MigrationOutcome } from "../store/database/migrate.js";

/**
 * The lines a command prints on stderr for the migrations it applied when it opened the
 * store, one each with how long it took (`wsafe serve` writes them in its JSON log).
 *
 * @param outcome - what opening the store applied
 * @example
 * for (const line of migrationLines(store.migrations)) say(line);
 * // migration 0009_events_per_account.sql applied in 412 ms
 */
export function migrationLines(outcome: MigrationOutcome): string[] {
  return outcome.applied.map(({ name, durationMs }) => `migration ${name} applied in ${durationMs} ms`);
}
