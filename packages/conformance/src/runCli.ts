import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { defaultHeaderPrefix, headerNames, isMethodName, type MethodName } from "@wsafe/schema";
import type { ConformanceOptions } from "./ConformanceOptions.js";
import { formatResult, formatSummary } from "./formatText.js";
import { runConformance } from "./runConformance.js";
import { toJUnit } from "./toJUnit.js";

/** Where the command reads its environment and writes. */
export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const headers = headerNames();
const prefixed = headerNames("PREFIX");

/** The `--help` text of `wsafe-conformance`. */
export const usage = `Usage: wsafe-conformance <base-url> [options]

Checks a deployment of the /v1 wsafe Web API against the published contract: HTTP 200
and the envelope everywhere, the ${headers.requestId} and ${headers.responseTime} headers, every
error identifier a caller can drive from outside, GET and POST equivalence, every
success body against the published schema, pages and cursors of paginated methods,
statuses at an instant (as_of, status), tenant isolation, and token_permission for
a read token on every write method.

Options:
  --token TOKEN           read token of the account under test (or WSAFE_TOKEN)
  --write-token TOKEN     write token of the same account (or WSAFE_WRITE_TOKEN): runs the
                          checks of write methods on requests the service must refuse
                          (nothing is written); without it they are skipped
  --record-inspection EQUIPMENT_ID,SCHEDULE_ID,INSPECTOR_ID
                          opt in to one write (needs --write-token): record one passed
                          inspection of that schedule by that user, and check every
                          effect of it (dates, equipments.list, inspections.list, events,
                          idempotency key); the inspection stays, as all inspections do
  --write-register EQUIPMENT_TYPE_ID
                          opt in to the register's writes (needs --write-token): create
                          one equipment of that type under a key of the kit's own, update
                          it with if_version, retire it, and check every effect (answers,
                          versions, equipments.list, equipments.changes, the idempotency
                          key, events); the retired equipment's events stay
  --other-token TOKEN     read token of a second account (or WSAFE_OTHER_TOKEN)
  --other-id NAME=ID      an id of the second account's record, by the parameter that
                          takes it (repeatable): --other-id equipmentType_id=et_x --other-id user=u_y
  --params FILE           JSON {"<method>": {request data without token}} of successful
                          calls on your data (default: the registry's examples, demo ids)
  --param METHOD.NAME=JSON  one parameter of a successful call (repeatable)
  --method NAME           only this method (repeatable)
  --header-prefix PREFIX  prefix of the ${prefixed.requestId} and ${prefixed.responseTime}
                          headers (default ${defaultHeaderPrefix})
  --insecure              accept self-signed TLS certificates
  --timeout MS            time limit per request (default 15000)
  --junit FILE            also write JUnit XML to FILE
  --json                  print the report as JSON instead of text
  -h, --help              this text

Exit codes: 0 every check passed (skips allowed), 1 a check failed, 2 bad usage.`;

class UsageError extends Error {}

function parseValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function splitPair(text: string, flag: string): [string, string] {
  const at = text.indexOf("=");
  if (at <= 0) throw new UsageError(`${flag} needs NAME=VALUE, got ${JSON.stringify(text)}`);
  return [text.slice(0, at), text.slice(at + 1)];
}

/** Reads the command line into options; throws UsageError on anything wrong. */
function toOptions(
  args: string[],
  io: CliIo,
): ConformanceOptions & { junit?: string; json?: boolean; help?: boolean } {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      "base-url": { type: "string" },
      token: { type: "string" },
      "write-token": { type: "string" },
      "record-inspection": { type: "string" },
      "write-register": { type: "string" },
      "other-token": { type: "string" },
      "other-id": { type: "string", multiple: true },
      params: { type: "string" },
      param: { type: "string", multiple: true },
      method: { type: "string", multiple: true },
      "header-prefix": { type: "string" },
      insecure: { type: "boolean" },
      timeout: { type: "string" },
      junit: { type: "string" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return { baseUrl: "", token: "", help: true };
  if (positionals.length > 1) throw new UsageError(`unexpected argument: ${positionals[1]}`);
  const baseUrl = values["base-url"] ?? positionals[0];
  if (!baseUrl) throw new UsageError("a base URL is needed");
  if (!/^https?:\/\//.test(baseUrl))
    throw new UsageError(`the base URL must start with https:// or http://, got ${baseUrl}`);
  const token = values.token ?? io.env.WSAFE_TOKEN;
  if (!token) throw new UsageError("a token is needed: --token or WSAFE_TOKEN");
  const options: ConformanceOptions & { junit?: string; json?: boolean } = { baseUrl, token };
  const writeToken = values["write-token"] ?? io.env.WSAFE_WRITE_TOKEN;
  if (writeToken) options.writeToken = writeToken;
  const target = values["record-inspection"];
  if (target !== undefined) {
    const parts = target.split(",");
    if (parts.length !== 3 || parts.some((part) => part === ""))
      throw new UsageError(
        `--record-inspection needs EQUIPMENT_ID,SCHEDULE_ID,INSPECTOR_ID, got ${JSON.stringify(target)}`,
      );
    if (!writeToken)
      throw new UsageError("--record-inspection writes: it needs --write-token (or WSAFE_WRITE_TOKEN)");
    const [equipment_id, schedule_id, inspector_id] = parts as [string, string, string];
    options.recordInspection = { equipment_id, schedule_id, inspector_id };
  }
  const registerType = values["write-register"];
  if (registerType !== undefined) {
    if (registerType === "")
      throw new UsageError("--write-register needs the id of an equipment type of the account");
    if (!writeToken)
      throw new UsageError("--write-register writes: it needs --write-token (or WSAFE_WRITE_TOKEN)");
    options.writeRegister = { equipmentType_id: registerType };
  }
  const otherToken = values["other-token"] ?? io.env.WSAFE_OTHER_TOKEN;
  const otherIds = Object.fromEntries(
    (values["other-id"] ?? []).map((pair) => splitPair(pair, "--other-id")),
  );
  if (otherToken) options.other = { token: otherToken, ids: otherIds };
  else if (Object.keys(otherIds).length) throw new UsageError("--other-id needs --other-token");
  const params: Record<string, Record<string, unknown>> = {};
  if (values.params) {
    try {
      Object.assign(params, JSON.parse(readFileSync(values.params, "utf8")));
    } catch (error) {
      throw new UsageError(`cannot read --params ${values.params}: ${(error as Error).message}`);
    }
  }
  for (const pair of values.param ?? []) {
    const [path, value] = splitPair(pair, "--param");
    const dot = path.lastIndexOf(".");
    const method = path.slice(0, dot);
    if (dot <= 0 || !isMethodName(method))
      throw new UsageError(`--param needs METHOD.NAME=JSON with a known method, got ${path}`);
    params[method] = { ...params[method], [path.slice(dot + 1)]: parseValue(value) };
  }
  for (const method of Object.keys(params))
    if (!isMethodName(method)) throw new UsageError(`--params names an unknown method: ${method}`);
  if (Object.keys(params).length) options.params = params as ConformanceOptions["params"];
  if (values.method) {
    for (const method of values.method)
      if (!isMethodName(method)) throw new UsageError(`unknown method: ${method}`);
    options.methods = values.method as MethodName[];
  }
  if (values["header-prefix"]) options.headerPrefix = values["header-prefix"];
  if (values.insecure) options.insecure = true;
  if (values.timeout) {
    const timeoutMs = Number(values.timeout);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
      throw new UsageError(`--timeout needs milliseconds, got ${values.timeout}`);
    options.timeoutMs = timeoutMs;
  }
  if (values.junit) options.junit = values.junit;
  if (values.json) options.json = true;
  return options;
}

/**
 * The `wsafe-conformance` command, as a function: runs every check, prints each as it
 * finishes (or the JSON report), writes JUnit XML when asked, and returns the exit code.
 *
 * @example
 * process.exitCode = await runCli(["https://127.0.0.1:8443", "--insecure"], { env: process.env, stdout, stderr });
 */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  let options: ReturnType<typeof toOptions>;
  try {
    options = toOptions(args, io);
  } catch (error) {
    io.stderr(`wsafe-conformance: ${(error as Error).message}\n\n${usage}\n`);
    return 2;
  }
  if (options.help) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  const { junit, json, ...run } = options;
  let suite: string | undefined;
  if (!json) {
    io.stdout(`wsafe-conformance: ${run.baseUrl}\n`);
    run.onResult = (result) => {
      if (result.suite !== suite) {
        suite = result.suite;
        io.stdout(`\n${suite}\n`);
      }
      io.stdout(`${formatResult(result)}\n`);
    };
  }
  const report = await runConformance(run);
  if (json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  else io.stdout(`\n${formatSummary(report)}\n`);
  if (junit) {
    writeFileSync(junit, toJUnit(report));
    if (!json) io.stdout(`JUnit XML written to ${junit}\n`);
  }
  return report.failed ? 1 : 0;
}
