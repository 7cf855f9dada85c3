// The Recording inspections page's recipe: a webhook receiver that, told a schedule is
// expiring, records its inspection. The steps a reader follows against `npm start`: start
// the demo allowing a local receiver, make the endpoint, start the receiver, and make a
// schedule start expiring a few seconds from now to watch the loop close.
// test/inspectionsRecipe.test.ts copies each block from the built page and runs it, as
// shown, against a demo server.
import { methodUrlPath, requestMediaType } from "@wsafe/schema";
import { curlPost } from "../examples.js";
import { code } from "../markdown.js";
import { defaultBaseUrl, methodPath } from "../sitePaths.js";

/** The receiver's file, and its code block's title. */
export const receiverFile = "record-when-expiring.mjs";

/** Where the receiver listens; the endpoint's URL names it. */
export const receiverUrl = "http://127.0.0.1:3000/hooks/wsafe";

/**
 * The schedule the recipe makes expiring: harness `eq_h_0001`'s pre-use check, which the
 * demo data holds expired whenever it is dated (as `wsafe serve --demo`'s curl line says).
 */
export const recipeSchedule = { equipmentId: "eq_h_0001", scheduleId: "sch_preuse" } as const;

/** The titles of the recipe's blocks, which the tests copy them by. */
export const recipeTitles = {
  serve: "Start the demo, allowing a receiver on this machine",
  create: "Make the endpoint",
  run: `Start ${receiverFile}`,
  soon: "Make a schedule start expiring in 10 seconds",
  printed: "The receiver prints",
} as const;

/** The request that makes the endpoint: schedules' changes only, to the receiver. */
export const createEndpointRequest = {
  token: "wsafe-demo-token-write",
  url: receiverUrl,
  types: ["schedule.status_changed"],
} as const;

/** The receiver, in plain JavaScript so that Node runs it as it is; template literals escaped. */
export const receiverCode = `import { createServer } from "node:http";
import { createClient } from "@wsafe/client";
import { verifyWebhook, WsafeWebhookError } from "@wsafe/client/webhooks";

const secret = process.env.WSAFE_WEBHOOK_SECRET; // whsec_..., as webhooks.create answered it
const port = Number(process.env.PORT ?? 3000);
const inspector = process.env.WSAFE_INSPECTOR_ID ?? "u_ada"; // a user of the account
const client = createClient({ baseUrl: ${JSON.stringify(defaultBaseUrl)}, token: "wsafe-demo-token-write" });

createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  let event;
  try {
    // The raw body, before any JSON parsing: the signature covers those bytes.
    event = await verifyWebhook(secret, req.headers, Buffer.concat(chunks));
  } catch (err) {
    if (!(err instanceof WsafeWebhookError)) throw err;
    return res.writeHead(400).end(err.code);
  }
  const { type, data } = event;
  if (type !== "schedule.status_changed" || data.to !== "expiring") return res.writeHead(204).end();
  try {
    // Here a real team goes and inspects; this receiver stands in for the inspector's
    // device and records the pass at once, so the whole loop runs on one machine.
    const { inspection, equipment } = await client.inspections.record({
      equipment_id: data.equipment_id,
      schedule_id: data.schedule_id,
      result: "passed",
      inspector_id: inspector,
      notes: \`Inspected when told it was expiring (event \${data.id}).\`,
      // The delivery's id: a delivery that comes again records nothing more, for 24 hours.
      idempotency_key: String(req.headers["webhook-id"]),
    });
    const schedule = equipment.schedules.find((s) => s.schedule_id === data.schedule_id);
    const due = new Date(inspection.expiresOn).toISOString();
    console.log(\`\${data.equipment_id} \${data.schedule_id} expiring: recorded \${inspection.id}, now \${schedule.status}, due \${due}\`);
    res.writeHead(204).end();
  } catch (err) {
    // Not recorded: an answer other than 2xx makes wsafe deliver again later, with the same key.
    console.error(\`\${data.equipment_id} \${data.schedule_id}: not recorded: \${err.message}\`);
    res.writeHead(503).end();
  }
}).listen(port, () => console.log(\`listening on port \${port}\`));`;

/** What the receiver prints for each schedule it renews, its placeholders in angle brackets. */
export const receiverOutputShape =
  "<equipment_id> <schedule_id> expiring: recorded <inspection id>, now uptodate, due <expiresOn, ISO 8601>";

/** The command that starts the receiver, trusting the demo's self-signed certificate. */
export const receiverRun = `NODE_EXTRA_CA_CERTS=/path/to/wsafe/.wsafe/tls/localhost-cert.pem WSAFE_WEBHOOK_SECRET=whsec_... PORT=3000 node ${receiverFile}`;

/**
 * The curl line that makes the demo's expired pre-use check of `eq_h_0001` start
 * expiring 10 seconds from now: an inspection whose `expiringOn` the shell computes.
 */
export function expiringSoonLine(baseUrl = defaultBaseUrl): string {
  const { equipmentId, scheduleId } = recipeSchedule;
  const before = JSON.stringify({
    token: "wsafe-demo-token-write",
    equipment_id: equipmentId,
    schedule_id: scheduleId,
    result: "passed",
    inspector_id: "1042",
  }).slice(0, -1);
  return [
    "now=$(($(date +%s) * 1000))",
    `curl -k ${baseUrl}${methodUrlPath("inspections.record")} \\`,
    `  -H 'Content-Type: ${requestMediaType}' \\`,
    `  -d '${before},"expiringOn":'$((now + 10000))',"expiresOn":'$((now + 86400000))'}'`,
  ].join("\n");
}

/** The Markdown of the recipe, from its heading on. */
export function expiringReceiverSection(): string[] {
  const { equipmentId, scheduleId } = recipeSchedule;
  return [
    "## Recipe: record the inspection when told it is expiring",
    `A receiver of [webhooks](/webhooks/) that, for every \`schedule.status_changed\` event to \`expiring\`, records a passed inspection of that schedule with [\`inspections.record\`](${methodPath("inspections.record")}). In a real deployment the record comes from the inspector's device after the check; this one records at once, so the whole loop runs on one machine against the demo of \`npm start\`. It uses the delivery's \`webhook-id\` as the \`idempotency_key\`: a delivery that comes again records nothing more, and a failure answers 503 so that wsafe delivers again.`,
    "The receiver listens on `http://127.0.0.1`, which a server refuses as a webhook URL unless its operator allows it (for local development only):",
    code("sh", "npm start -- --webhooks-allow-http --webhooks-allow-private", recipeTitles.serve),
    "Make an endpoint for the changes of schedules; the answer holds its `secret`, shown only here:",
    code("sh", curlPost("webhooks.create", createEndpointRequest), recipeTitles.create),
    `Save the receiver as \`${receiverFile}\` in a project that installed \`@wsafe/client\` (see [the client page](/client/)):`,
    code("js", receiverCode, receiverFile),
    "Start it with the secret, trusting the demo's self-signed certificate ([how](/client/#a-development-servers-certificate)):",
    code("sh", receiverRun, recipeTitles.run),
    `The demo's schedules fall due over days. To watch the loop close now, record an inspection of \`${equipmentId}\`'s \`${scheduleId}\` (expired in the demo) that sets it expiring 10 seconds from now and due tomorrow:`,
    code("sh", expiringSoonLine(), recipeTitles.soon),
    "Ten seconds later the schedule's `expiringOn` is reached: wsafe records the event (cause `time`) and delivers it; the receiver records the pass, and the schedule is up to date again, its next dates from its `interval` and `warning` (`P1W` and `P1D`). That renewal is an event too (cause `inspection`, to `uptodate`), which the receiver lets by.",
    code("text", receiverOutputShape, recipeTitles.printed),
    "A test runs these blocks as shown against the demo server, and checks the inspection in `inspections.list` and the schedule's new dates in `equipments.list`.",
  ];
}
