// The Webhooks page's receivers, as a reader copies them from the built page, each started
// with the command the page shows (the secret and a free port in its environment), then
// sent deliveries signed by the `standardwebhooks` npm package, as the service signs them:
// a genuine one, its repeat, one during a secret rotation (two signatures), and tampered,
// foreign and stale ones. Each must accept, drop and refuse exactly as the page says.
// The TypeScript ones are also type-checked against the real packages, strict.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { freePort, type ServerProcess, startServerProcess } from "@wsafe/test-support";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import {
  runTitle,
  type WebhookReceiver,
  webhookReceivers,
} from "../src/generate/webhooks/webhookReceivers.js";
import { copiedCode, docsRoot, mainHtml, pageHtml } from "./builtSite.js";

const html = mainHtml(pageHtml("/webhooks/"));
// Inside apps/docs, so that @wsafe/client, @wsafe/schema and standardwebhooks resolve as
// in a project that installed them.
const dir = join(docsRoot, "test-artifacts", "webhooks");
const secret = `whsec_${Buffer.alloc(32, 0x3c).toString("base64")}`;
const otherSecret = `whsec_${Buffer.alloc(32, 0x7e).toString("base64")}`;

/** The receiver's file and its start command, as the page shows them, saved to `dir`. */
function copied(receiver: WebhookReceiver) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, receiver.file), copiedCode(html, receiver.file));
  return copiedCode(html, runTitle(receiver));
}

/** Every `npm_*`/`PNPM_*` variable of this process, set to `undefined` so a child has none. */
function packageManagerVariablesUnset(): Record<string, undefined> {
  return Object.fromEntries(
    Object.keys(process.env)
      .filter((name) => /^(npm_|pnpm_)/i.test(name))
      .map((name) => [name, undefined]),
  );
}

/** Runs the start command's `NAME=value ... command args` with the test's secret and port. */
async function start(command: string, port: number, python?: string): Promise<ServerProcess> {
  const words = command.split(" ");
  const env: Record<string, string | undefined> = {};
  while (/^[A-Z_]+=/.test(words[0]!)) {
    const [name, value] = words.shift()!.split("=") as [string, string];
    env[name] = name === "WSAFE_WEBHOOK_SECRET" ? secret : name === "PORT" ? String(port) : value;
  }
  expect(Object.keys(env).sort()).toEqual(["PORT", "WSAFE_WEBHOOK_SECRET"]);
  const [program, ...args] = words as [string, ...string[]];
  return startServerProcess(args, {
    name: args.at(-1),
    cwd: dir,
    // A reader runs the command from a shell: what pnpm put in the suite's environment
    // (npm_config_verify_deps_before_run, ...) makes npx print warnings they never see.
    env: { ...packageManagerVariablesUnset(), ...env },
    // python3 on the page: the interpreter that has what the receiver imports.
    command: program === "python3" ? (python ?? "python3") : program,
    readyPattern: /listening on port \d+/,
    timeoutMs: 60_000,
    // npx does not pass SIGTERM on to what it runs: stop the whole group.
    group: program === "npx",
  });
}

const body = (equipment: string, from: string | null, to: string) =>
  JSON.stringify({
    type: "equipment.status_changed",
    timestamp: "2026-12-01T00:00:00.000Z",
    data: {
      id: `ev_${equipment}`,
      type: "equipment.status_changed",
      occurred_at: 1796083200000,
      cause: "time",
      expected: false,
      equipment_id: equipment,
      equipmentType_id: "et_harness",
      from,
      to,
      sequence: 7,
    },
  });

/** POSTs a delivery to the receiver, signed by `signers` (the first one's signature tampered with `tamper`). */
async function deliver(
  port: number,
  id: string,
  text: string,
  options: { signers?: string[]; at?: Date; sent?: string } = {},
) {
  const at = options.at ?? new Date();
  const signatures = (options.signers ?? [secret]).map((key) => new Webhook(key).sign(id, at, text));
  const response = await fetch(`http://127.0.0.1:${port}/hooks/wsafe`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": signatures.join(" "),
    },
    body: options.sent ?? text,
  });
  await response.text();
  return response.status;
}

let running: ServerProcess | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

/** Every delivery case, in order; answers what the receiver printed once they are done. */
async function exercise(receiver: WebhookReceiver, python?: string): Promise<string[]> {
  const port = await freePort();
  running = await start(copied(receiver), port, python);
  const first = body("eq_h_0871", "uptodate", "expiring");
  expect(await deliver(port, "ev_1", first), "a genuine delivery").toBe(204);
  expect(await deliver(port, "ev_1", first), "its repeat, signed anew").toBe(204);
  // A rotation: the old secret's signature beside the new one; this receiver holds the new one.
  const second = body("eq_h_0004", null, "expired");
  expect(await deliver(port, "ev_2", second, { signers: [otherSecret, secret] }), "two signatures").toBe(204);
  const tampered = first.replace('"to":"expiring"', '"to":"expired"');
  expect(await deliver(port, "ev_3", first, { sent: tampered }), "a tampered body").toBe(400);
  expect(await deliver(port, "ev_4", first, { signers: [otherSecret] }), "another secret").toBe(400);
  const stale = new Date(Date.now() - 10 * 60_000);
  expect(await deliver(port, "ev_5", first, { at: stale }), "signed ten minutes ago").toBe(400);
  const unsigned = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: first });
  await unsigned.text();
  expect(unsigned.status, "no signature headers").toBe(400);
  const output = running.output();
  return output.split("\n").filter((line) => line && !line.startsWith("listening on"));
}

const expectedLines = [
  "ev_1 equipment.status_changed eq_h_0871 uptodate -> expiring",
  "ev_2 equipment.status_changed eq_h_0004 none -> expired",
];

describe("the Webhooks page's TypeScript receivers", () => {
  it("type-check against @wsafe/client, @wsafe/schema and standardwebhooks, strict", () => {
    for (const receiver of [webhookReceivers.client, webhookReceivers.npm]) copied(receiver);
    // A project of the two files alone, as strict as a careful reader's.
    const compilerOptions = {
      strict: true,
      noUncheckedIndexedAccess: true,
      target: "es2022",
      module: "nodenext",
      types: ["node"],
      skipLibCheck: true,
      noEmit: true,
    };
    const files = [webhookReceivers.client.file, webhookReceivers.npm.file];
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files }));
    const tsc = createRequire(join(docsRoot, "..", "..", "package.json")).resolve("typescript/bin/tsc");
    const run = spawnSync(process.execPath, [tsc, "-p", dir], { cwd: dir, encoding: "utf8" });
    expect(run.stdout + run.stderr).toBe("");
    expect(run.status).toBe(0);
  }, 60_000);

  it.each([webhookReceivers.client, webhookReceivers.npm])(
    "$file, started with npx tsx as the page shows, accepts, drops repeats and refuses as the page says",
    async (receiver) => {
      expect(await exercise(receiver)).toEqual(expectedLines);
    },
    90_000,
  );
});

const python3 = spawnSync("python3", ["--version"], { encoding: "utf8" }).status === 0;
if (!python3)
  console.warn("\n*** apps/docs: SKIPPING the Python standard-library receiver: no python3 ***\n");
const pypi = process.env.WSAFE_PYTHON_STANDARDWEBHOOKS;
if (!pypi)
  console.warn(
    "\n*** apps/docs: SKIPPING the Python receiver with PyPI's standardwebhooks: WSAFE_PYTHON_STANDARDWEBHOOKS is not set (scripts/services.sh sets it when pip can install the package) ***\n",
  );

describe("the Webhooks page's Python receivers", () => {
  it.skipIf(!python3)(
    "receiver_stdlib.py accepts, drops repeats and refuses as the page says",
    async () => {
      expect(await exercise(webhookReceivers.stdlib)).toEqual(expectedLines);
    },
    60_000,
  );

  it.skipIf(!pypi)(
    "receiver_standardwebhooks.py, with PyPI's package, accepts, drops repeats and refuses as the page says",
    async () => {
      expect(await exercise(webhookReceivers.pypi, pypi)).toEqual(expectedLines);
    },
    60_000,
  );
});
