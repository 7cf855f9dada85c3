import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { eventually, type ServerProcess, startServerProcess } from "@wsafe/test-support";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryBody } from "../src/webhooks/deliveryBody.js";
import { type DeliveryResult, sendDelivery } from "../src/webhooks/sendDelivery.js";
import { signDelivery } from "../src/webhooks/signDelivery.js";
import { WebhookSecret } from "../src/webhooks/WebhookSecret.js";

// Three receivers other teams could run, each verifying with something other than our
// signing code: Python's standard library (the spec written again, in another language),
// the PyPI `standardwebhooks` package, and the npm one. All on 127.0.0.1; the sender is
// told private addresses are allowed because loopback is one.
const fixtures = fileURLToPath(new URL("./fixtures/webhooks/", import.meta.url));
const python = "python3";
const hasPython = spawnSync(python, ["--version"]).status === 0;
const pypiPython = process.env.WSAFE_PYTHON_STANDARDWEBHOOKS || undefined;

if (!hasPython) console.warn("\n!!! SKIPPED: the Python webhook receivers need python3 on the PATH.\n");
if (hasPython && !pypiPython) {
  console.warn(
    "\n!!! SKIPPED: the receiver using the PyPI `standardwebhooks` package: WSAFE_PYTHON_STANDARDWEBHOOKS is not set, " +
      "because scripts/services.sh could not pip-install the package (PyPI unreachable from this machine?). " +
      "The standard-library Python receiver and the npm receiver still run.\n",
  );
}

const secret = WebhookSecret.generate();
const rotatedOut = WebhookSecret.generate();
const stranger = WebhookSecret.generate();

interface Receiver {
  name: string;
  url: string;
  /** What the receiver recorded, one entry per delivery. */
  records(): { id: string; accepted: boolean; reason: string | null; type: string | null }[];
  stop(): Promise<unknown>;
}

/** A receiver written in Python, started with the endpoint's secret on its command line. */
async function pythonReceiver(name: string, command: string, script: string): Promise<Receiver> {
  const started: ServerProcess = await startServerProcess([`${fixtures}${script}`, secret.reveal()], {
    name,
    command,
    // No __pycache__ beside the fixture: a file written by a test would make the next
    // `npm test` see the tree changed and run the server's and the whole-tree checks again.
    env: { PYTHONDONTWRITEBYTECODE: "1" },
    timeoutMs: 30_000,
  });
  return {
    name,
    url: `${started.url}/hooks/wsafe`,
    records: () =>
      started
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line)),
    stop: () => started.stop(),
  };
}

/** The npm `standardwebhooks` package's Webhook.verify behind Node's http server. */
async function nodeReceiver(): Promise<Receiver> {
  const webhook = new Webhook(secret.reveal());
  const records: ReturnType<Receiver["records"]> = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const id = String(req.headers["webhook-id"]);
    try {
      const payload = webhook.verify(Buffer.concat(chunks), req.headers as Record<string, string>) as {
        type: string;
      };
      records.push({ id, accepted: true, reason: null, type: payload.type });
      res.writeHead(204).end();
    } catch (error) {
      records.push({ id, accepted: false, reason: (error as Error).message, type: null });
      res.writeHead(400).end((error as Error).message);
    }
  }).listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    name: "npm standardwebhooks",
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/wsafe`,
    records: () => records,
    stop: () => new Promise((done) => server.close(done)),
  };
}

/** The five deliveries each receiver gets: two genuine, three it must refuse. */
function deliveries(url: string) {
  const event = (id: string) => ({
    id,
    type: "schedule.status_changed",
    occurred_at: Date.now() - 2000,
    equipment_id: "eq_ünïcode_✓",
    from: "uptodate",
    to: "expiring",
  });
  const deliver = (
    id: string,
    sign: { secrets: WebhookSecret[]; at?: Date },
    tamper?: (body: string) => string,
  ) => {
    const data = event(id);
    const body = deliveryBody({ type: data.type, occurredAt: data.occurred_at, data });
    const headers = signDelivery({ id, body, secrets: sign.secrets, at: sign.at ?? new Date() });
    return sendDelivery(
      { url, headers, body: tamper ? tamper(body) : body },
      { allowPrivate: true, allowHttp: true },
    );
  };
  return {
    genuine: () => deliver("evt_genuine", { secrets: [secret] }),
    // During a rotation: the new secret's signature first, the one the receiver holds second.
    rotation: () => deliver("evt_rotation", { secrets: [stranger, secret] }),
    tamperedBody: () =>
      deliver("evt_tampered", { secrets: [secret] }, (body) => body.replace("expiring", "expired")),
    wrongSecret: () => deliver("evt_stranger", { secrets: [stranger, rotatedOut] }),
    stale: () => deliver("evt_stale", { secrets: [secret], at: new Date(Date.now() - 10 * 60_000) }),
  };
}

const receivers: { name: string; enabled: boolean; start: () => Promise<Receiver> }[] = [
  {
    name: "Python standard library",
    enabled: hasPython,
    start: () => pythonReceiver("python-stdlib", python, "receiver_stdlib.py"),
  },
  {
    name: "PyPI standardwebhooks",
    enabled: Boolean(pypiPython),
    start: () => pythonReceiver("python-standardwebhooks", pypiPython!, "receiver_standardwebhooks.py"),
  },
  { name: "npm standardwebhooks", enabled: true, start: nodeReceiver },
];

describe.each(receivers)(
  "deliveries signed and sent by the server, verified by the $name receiver",
  (entry) => {
    let receiver: Receiver;
    beforeAll(async () => {
      if (entry.enabled) receiver = await entry.start();
    });
    afterAll(() => receiver?.stop());

    it.skipIf(!entry.enabled)("accepts the genuine deliveries and refuses every tampered one", async () => {
      const send = deliveries(receiver.url);
      const results: Record<string, DeliveryResult> = {
        genuine: await send.genuine(),
        rotation: await send.rotation(),
        tamperedBody: await send.tamperedBody(),
        wrongSecret: await send.wrongSecret(),
        stale: await send.stale(),
      };
      expect(
        Object.fromEntries(
          Object.entries(results).map(([what, result]) => [what, "status" in result && result.status]),
        ),
      ).toEqual({
        genuine: 204,
        rotation: 204,
        tamperedBody: 400,
        wrongSecret: 400,
        stale: 400,
      });
      // A Python receiver's last line may still be in the pipe when its answer arrives.
      await eventually(() => receiver.records().length >= 5, `${entry.name} recorded five deliveries`);
      // Each receiver words its reasons its own way (the libraries' messages, the stdlib one's codes).
      const signature = expect.stringMatching(/signature/i);
      const tooOld = expect.stringMatching(/too.old/i);
      expect(receiver.records()).toEqual([
        { id: "evt_genuine", accepted: true, type: "schedule.status_changed", reason: null },
        { id: "evt_rotation", accepted: true, type: "schedule.status_changed", reason: null },
        { id: "evt_tampered", accepted: false, type: null, reason: signature },
        { id: "evt_stranger", accepted: false, type: null, reason: signature },
        { id: "evt_stale", accepted: false, type: null, reason: tooOld },
      ]);
    });
  },
);
