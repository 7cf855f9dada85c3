// The mutations of tests/contract-mutations/mutate-contract.mjs: every single-operator
// change to the comparisons of the status SQL and of the rules it is generated from,
// and every adjacent swap of the request pipeline's checks - in the server (the step
// that runs each check) and in the schema's table - each with the suites that should
// catch it, in the order they are tried.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Suites: where to run vitest, and which files. The server's run against the schema's source. */
export const suites = {
  boundaries: { cwd: "apps/server", file: "test/statusBoundaries.test.ts", server: true },
  differential: { cwd: "apps/server", file: "test/storesDifferential.test.ts", server: true },
  precedence: { cwd: "apps/server", file: "test/precedence.test.ts", server: true },
  schemaStatus: { cwd: "packages/schema", file: "src/records/status.test.ts", server: false },
  schemaPipeline: { cwd: "packages/schema", file: "src/pipeline.test.ts", server: false },
};

const statusSuites = ["boundaries", "differential", "schemaStatus"];
const pipelineSuites = ["precedence", "schemaPipeline"];

const recordSql = "apps/server/src/store/queries/equipmentRecordSql.ts";
const listSql = "apps/server/src/store/queries/listEquipmentsQuery.ts";
const statusRules = "packages/schema/src/records/status.ts";
const steps = "apps/server/src/pipeline/requestCheckSteps.ts";
const pipeline = "packages/schema/src/pipeline.ts";

/**
 * One text replacement; `from` must occur exactly once in the file. `equivalent` says
 * why a mutation changes no behaviour, when it cannot.
 */
const change = (group, name, file, from, to, equivalent) => ({
  group,
  name,
  file,
  from,
  to,
  suites: group.startsWith("pipeline") ? pipelineSuites : statusSuites,
  ...(equivalent ? { equivalent } : {}),
});

/** The status SQL: the comparison that decides whether a date is reached, and the rest of its operators. */
function statusSqlMutations() {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
  const reached = "`${now} >= ${scheduleColumn(when.reached)}`";
  return [
    ...[">", "<=", "<", "=", "<>"].map((operator) =>
      change(
        "status SQL",
        `now >= date → now ${operator} date`,
        recordSql,
        reached,
        reached.replace(">=", operator),
      ),
    ),
    change("status SQL", "date IS NULL → IS NOT NULL", recordSql, "} IS NULL`", "} IS NOT NULL`"),
    change("status SQL", 'anyNull: " OR " → " AND "', recordSql, '.join(" OR ")', '.join(" AND ")'),
    change(
      "status SQL",
      "worst schedule: max → min",
      recordSql,
      "max(x.severity) AS worst",
      "min(x.severity) AS worst",
    ),
    change(
      "status SQL",
      "no schedules: severity 0 → 1 (status field)",
      recordSql,
      "coalesce(sc.worst, 0) + 1",
      "coalesce(sc.worst, 1) + 1",
    ),
    change(
      "status filter SQL",
      "whole list: worst = ANY(statuses) → <> ANY",
      listSql,
      "coalesce(sc.worst, 0) = ANY(",
      "coalesce(sc.worst, 0) <> ANY(",
    ),
    change(
      "status filter SQL",
      "whole list, no schedules: 0 → 1",
      listSql,
      "coalesce(sc.worst, 0) = ANY(",
      "coalesce(sc.worst, 1) = ANY(",
    ),
    change(
      "status filter SQL",
      "pages: worst = ANY(statuses) → <> ANY",
      listSql,
      "coalesce(w.worst, 0) = ANY(",
      "coalesce(w.worst, 0) <> ANY(",
    ),
    change(
      "status filter SQL",
      "pages, no schedules: 0 → 1",
      listSql,
      "coalesce(w.worst, 0) = ANY(",
      "coalesce(w.worst, 1) = ANY(",
    ),
    change(
      "status filter SQL",
      "pages: worst schedule max → min",
      listSql,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      "SELECT max(${scheduleSeveritySql(parts.now)})",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      "SELECT min(${scheduleSeveritySql(parts.now)})",
    ),
    change(
      "status filter SQL",
      "pages: keyset (created, id) > after → >=",
      listSql,
      "(e.created, e.id) > (",
      "(e.created, e.id) >= (",
    ),
  ];
}

/** Swaps of adjacent lines that match `pattern` within the text after `start` (up to `end`). */
function adjacentLineSwaps(text, start, end, pattern) {
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  const lines = text
    .slice(from, to)
    .split("\n")
    .filter((line) => pattern.test(line));
  return lines.slice(1).map((line, at) => [lines[at], line]);
}

/** The rules the status SQL is generated from (`scheduleStatusRules`) and the schema's own reference. */
function statusRuleMutations(root) {
  const text = readFileSync(join(root, statusRules), "utf8");
  const swaps = adjacentLineSwaps(
    text,
    "export const scheduleStatusRules",
    "] as const",
    /^\s+\{ status: /,
  ).map(([first, second]) => {
    const name = (line) => line.match(/when: (\{.*\}) \}/)[1];
    const status = (line) => line.match(/status: "(\w+)"/)[1];
    return change(
      "status rules",
      `swap rules ${name(first)} ↔ ${name(second)}`,
      statusRules,
      `${first}\n${second}`,
      `${second}\n${first}`,
      status(first) === status(second)
        ? `both rules answer ${status(first)}: their order cannot matter`
        : undefined,
    );
  });
  const both = '["expiresOn", "lastCompletedOn"]';
  return [
    ...swaps,
    change(
      "status rules",
      "expired rule reaches expiringOn",
      statusRules,
      '{ status: "expired", when: { reached: "expiresOn" } },',
      '{ status: "expired", when: { reached: "expiringOn" } },',
    ),
    change(
      "status rules",
      "expiring rule reaches expiresOn",
      statusRules,
      '{ status: "expiring", when: { reached: "expiringOn" } },',
      '{ status: "expiring", when: { reached: "expiresOn" } },',
    ),
    change(
      "status rules",
      "anyNull without expiresOn",
      statusRules,
      `anyNull: ${both}`,
      'anyNull: ["lastCompletedOn"]',
    ),
    change(
      "status rules",
      "anyNull without lastCompletedOn",
      statusRules,
      `anyNull: ${both}`,
      'anyNull: ["expiresOn"]',
    ),
    change(
      "status rules",
      "anyNull with expiringOn",
      statusRules,
      `anyNull: ${both}`,
      'anyNull: ["expiresOn", "expiringOn", "lastCompletedOn"]',
    ),
    change(
      "status rules",
      "severity order: expiring ↔ expired",
      statusRules,
      STATUS_MEANINGS,
      swapMeanings(),
    ),
    change(
      "status rules",
      "scheduleStatusAt: now >= date → now > date",
      statusRules,
      "now >= date)",
      "now > date)",
    ),
    change(
      "status rules",
      "equipmentStatusOf: max → min",
      statusRules,
      "worst = Math.max(",
      "worst = Math.min(",
    ),
  ];
}

const STATUS_MEANINGS = `  expiring: "Inspection close to expiry: the evaluation instant has reached \`expiringOn\`.",
  expired: "Inspection expired, or never completed.",`;
const swapMeanings = () => STATUS_MEANINGS.split("\n").reverse().join("\n");

/** Every adjacent swap of the server's steps: which function runs at each check's place. */
function serverPipelineSwaps(root) {
  const text = readFileSync(join(root, steps), "utf8");
  return adjacentLineSwaps(text, "export const requestCheckSteps", "} as const", /^\s+\w+: \w+,$/).map(
    ([first, second]) => {
      const [a, stepA] = first.trim().replace(",", "").split(": ");
      const [b, stepB] = second.trim().replace(",", "").split(": ");
      return change(
        "pipeline order (server)",
        `swap ${a} ↔ ${b}`,
        steps,
        `${first}\n${second}`,
        `${first.replace(stepA, stepB)}\n${second.replace(stepB, stepA)}`,
        stepA === stepB
          ? "both run inside the method's procedure, which parses the parameters before it calls the handler: the server has no order of its own to swap"
          : undefined,
      );
    },
  );
}

/** The top-level `{...}` entries of an array literal, skipping braces inside strings. */
function arrayEntries(text, start) {
  const entries = [];
  let depth = 0;
  let quote;
  let begin;
  for (let at = text.indexOf("[", text.indexOf(start)) + 1; at < text.length; at++) {
    const char = text[at];
    if (quote) {
      if (char === "\\") at++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'" || char === "`") quote = char;
    else if (char === "{") {
      if (depth++ === 0) begin = at;
    } else if (char === "}") {
      if (--depth === 0) entries.push(text.slice(begin, at + 1));
    } else if (char === "]" && depth === 0) break;
  }
  return entries;
}

/** Every adjacent swap of the schema's `requestChecks`: the order the contract states. */
function schemaPipelineSwaps(root) {
  const text = readFileSync(join(root, pipeline), "utf8");
  const entries = arrayEntries(text, "export const requestChecks");
  return entries.slice(1).map((second, at) => {
    const first = entries[at];
    const id = (entry) => entry.match(/id: "(\w+)"/)[1];
    const between = text.slice(text.indexOf(first) + first.length, text.indexOf(second));
    return change(
      "pipeline order (schema table)",
      `swap ${id(first)} ↔ ${id(second)}`,
      pipeline,
      `${first}${between}${second}`,
      `${second}${between}${first}`,
    );
  });
}

/**
 * Every mutation, generated from the files as they are: a new check or rule brings its
 * swaps with it.
 *
 * @param root - the repository's root
 */
export function contractMutations(root) {
  return [
    ...statusSqlMutations(),
    ...statusRuleMutations(root),
    ...serverPipelineSwaps(root),
    ...schemaPipelineSwaps(root),
  ];
}
