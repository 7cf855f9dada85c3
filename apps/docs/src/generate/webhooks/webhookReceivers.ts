// The Webhooks page's receivers: small servers that verify each delivery and drop
// repeats, in TypeScript (with @wsafe/client/webhooks, and with the `standardwebhooks`
// npm package) and in Python (with the `standardwebhooks` PyPI package, and with the
// standard library alone). test/webhookReceivers.test.ts copies each from the built page,
// starts it as the page says and POSTs it deliveries signed by the `standardwebhooks`
// npm package, genuine and tampered.

/** One receiver as the page shows it: its file, language, code, and how to run it. */
export interface WebhookReceiver {
  /** The code block's title: the file a reader saves it as. */
  file: string;
  /** The fence's language. */
  language: "ts" | "python";
  /** What it verifies with, for the heading. */
  heading: string;
  /** What to install first, for the sentence above the code. */
  install: string;
  /** The command that starts it, with the secret and port from the environment. */
  run: string;
  code: string;
}

/** What each receiver prints for a delivery it accepts, the first time it sees its `webhook-id`. */
export const receiverOutputShape = "<webhook-id> <type> <equipment_id> <from> -> <to>";

const clientReceiver = `import { createServer } from "node:http";
import { verifyWebhook, WsafeWebhookError } from "@wsafe/client/webhooks";

const secret = process.env.WSAFE_WEBHOOK_SECRET!; // whsec_..., as webhooks.create answered it
const port = Number(process.env.PORT ?? 3000);
// The webhook-id of each delivery handled: a delivery may come again (keep these in your database).
const seen = new Set<string>();

createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk);
  try {
    // The raw body, before any JSON parsing: the signature covers those bytes.
    const { type, data } = await verifyWebhook(secret, req.headers, Buffer.concat(chunks));
    const id = String(req.headers["webhook-id"]);
    if (!seen.has(id)) {
      seen.add(id);
      // data is the Event record, typed: equipment_id, schedule_id, from, to, occurred_at...
      console.log(id, type, data.equipment_id, data.from ?? "none", "->", data.to ?? "none");
    }
    res.writeHead(204).end();
  } catch (err) {
    if (!(err instanceof WsafeWebhookError)) throw err;
    res.writeHead(400).end(err.code); // signature_invalid, timestamp_too_old, ...
  }
}).listen(port, () => console.log(\`listening on port \${port}\`));`;

const npmReceiver = `import { createServer } from "node:http";
import type { Event, EventType } from "@wsafe/schema";
import { Webhook, WebhookVerificationError } from "standardwebhooks";

const webhook = new Webhook(process.env.WSAFE_WEBHOOK_SECRET!); // whsec_..., as webhooks.create answered it
const port = Number(process.env.PORT ?? 3000);
const seen = new Set<string>(); // webhook-id of each delivery handled: a delivery may come again

createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk);
  try {
    // The raw body, before any JSON parsing: the signature covers those bytes.
    const headers = req.headers as Record<string, string>;
    const { type, data } = webhook.verify(Buffer.concat(chunks), headers) as { type: EventType; data: Event };
    if (!seen.has(headers["webhook-id"]!)) {
      seen.add(headers["webhook-id"]!);
      console.log(headers["webhook-id"], type, data.equipment_id, data.from ?? "none", "->", data.to ?? "none");
    }
    res.writeHead(204).end();
  } catch (err) {
    if (!(err instanceof WebhookVerificationError)) throw err;
    res.writeHead(400).end(err.message);
  }
}).listen(port, () => console.log(\`listening on port \${port}\`));`;

const pypiReceiver = `import os
from http.server import BaseHTTPRequestHandler, HTTPServer

from standardwebhooks import Webhook, WebhookVerificationError

webhook = Webhook(os.environ["WSAFE_WEBHOOK_SECRET"])  # whsec_..., as webhooks.create answered it
seen = set()  # webhook-id of each delivery handled: a delivery may come again


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        # The raw body, before any JSON parsing: the signature covers those bytes.
        body = self.rfile.read(int(self.headers.get("content-length") or 0))
        headers = {name.lower(): value for name, value in self.headers.items()}
        try:
            event = webhook.verify(body, headers)
        except (WebhookVerificationError, ValueError) as error:  # ValueError: a malformed signature
            self.answer(400, str(error))
            return
        if headers["webhook-id"] not in seen:
            seen.add(headers["webhook-id"])
            data = event["data"]
            print(headers["webhook-id"], event["type"], data["equipment_id"],
                  data["from"] or "none", "->", data["to"] or "none", flush=True)
        self.answer(204, "")

    def answer(self, status, text):
        self.send_response(status)
        self.send_header("content-length", str(len(text.encode())))
        self.end_headers()
        self.wfile.write(text.encode())

    def log_message(self, format, *args):
        pass


port = int(os.environ.get("PORT", "3000"))
server = HTTPServer(("", port), Receiver)
print(f"listening on port {port}", flush=True)
server.serve_forever()`;

const stdlibReceiver = `import base64
import hashlib
import hmac
import json
import os
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

SECRET = os.environ["WSAFE_WEBHOOK_SECRET"]  # whsec_..., as webhooks.create answered it
TOLERANCE_SECONDS = 5 * 60
seen = set()  # webhook-id of each delivery handled: a delivery may come again


def verify(secret, headers, body):
    """The Standard Webhooks check: returns the payload, or raises ValueError saying why."""
    msg_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    signatures = headers.get("webhook-signature")
    if not (msg_id and timestamp and signatures):
        raise ValueError("headers missing")
    if not (timestamp.isascii() and timestamp.isdigit()):
        raise ValueError("timestamp invalid")
    if abs(time.time() - int(timestamp)) > TOLERANCE_SECONDS:
        raise ValueError("timestamp outside the tolerance")
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{msg_id}.{int(timestamp)}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    # During a rotation the header holds one signature per secret, space-separated.
    for candidate in signatures.split(" "):
        version, _, signature = candidate.partition(",")
        if version == "v1" and hmac.compare_digest(signature.encode(), expected.encode()):
            return json.loads(body)
    raise ValueError("no signature matches")


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        # The raw body, before any JSON parsing: the signature covers those bytes.
        body = self.rfile.read(int(self.headers.get("content-length") or 0))
        headers = {name.lower(): value for name, value in self.headers.items()}
        try:
            event = verify(SECRET, headers, body)
        except ValueError as error:
            self.answer(400, str(error))
            return
        if headers["webhook-id"] not in seen:
            seen.add(headers["webhook-id"])
            data = event["data"]
            print(headers["webhook-id"], event["type"], data["equipment_id"],
                  data["from"] or "none", "->", data["to"] or "none", flush=True)
        self.answer(204, "")

    def answer(self, status, text):
        self.send_response(status)
        self.send_header("content-length", str(len(text.encode())))
        self.end_headers()
        self.wfile.write(text.encode())

    def log_message(self, format, *args):
        pass


port = int(os.environ.get("PORT", "3000"))
server = HTTPServer(("", port), Receiver)
print(f"listening on port {port}", flush=True)
server.serve_forever()`;

const secretEnv = "WSAFE_WEBHOOK_SECRET=whsec_... PORT=3000";

/** The four receivers, in the order the page shows them. */
export const webhookReceivers = {
  client: {
    file: "receiver.ts",
    language: "ts",
    heading: "TypeScript, with @wsafe/client/webhooks",
    install: "`@wsafe/client` (see [the client page](/client/)) and `tsx` to run TypeScript on Node 20",
    run: `${secretEnv} npx tsx receiver.ts`,
    code: clientReceiver,
  },
  npm: {
    file: "receiver-standardwebhooks.ts",
    language: "ts",
    heading: "TypeScript, with the standardwebhooks npm package",
    install: "`standardwebhooks` from npm, `@wsafe/schema` for the types, and `tsx`",
    run: `${secretEnv} npx tsx receiver-standardwebhooks.ts`,
    code: npmReceiver,
  },
  pypi: {
    file: "receiver_standardwebhooks.py",
    language: "python",
    heading: "Python, with the standardwebhooks PyPI package",
    install: "`standardwebhooks` from PyPI (`pip install standardwebhooks`), Python 3.9 or newer",
    run: `${secretEnv} python3 receiver_standardwebhooks.py`,
    code: pypiReceiver,
  },
  stdlib: {
    file: "receiver_stdlib.py",
    language: "python",
    heading: "Python, with the standard library alone",
    install: "nothing: `hmac`, `hashlib` and `base64` do the check (Python 3.9 or newer)",
    run: `${secretEnv} python3 receiver_stdlib.py`,
    code: stdlibReceiver,
  },
} as const satisfies Record<string, WebhookReceiver>;

/** The title of the code block that shows how to start a receiver. */
export const runTitle = (receiver: WebhookReceiver) => `Start ${receiver.file}`;
