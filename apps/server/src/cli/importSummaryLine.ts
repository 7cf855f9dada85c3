import type { ImportSummary } from "../import/importDataset.js";

/** Each count's noun, one and many, in the order the summary prints them. */
const nouns: Record<keyof ImportSummary, readonly [string, string]> = {
  accounts: ["account", "accounts"],
  tokens: ["token", "tokens"],
  users: ["user", "users"],
  resources: ["resource", "resources"],
  equipmentTypes: ["equipment type", "equipment types"],
  equipments: ["equipment", "equipments"],
  schedules: ["schedule", "schedules"],
  events: ["event", "events"],
  recordEvents: ["record event", "record events"],
};

/**
 * The line `wsafe import` prints on stdout once the import committed.
 *
 * @param summary - the counts written
 * @example
 * importSummaryLine(summary); // "imported 1 account, 2 tokens, ..., 1 equipment type, ..."
 */
export function importSummaryLine(summary: ImportSummary): string {
  const counts = (Object.keys(nouns) as (keyof ImportSummary)[]).map((kind) => {
    const [one, many] = nouns[kind];
    return `${summary[kind]} ${summary[kind] === 1 ? one : many}`;
  });
  return `imported ${counts.join(", ")}`;
}
