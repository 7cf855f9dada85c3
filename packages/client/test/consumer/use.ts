// A browser application's use of the published package: its tsconfig (beside this file)
// has DOM but no Node types, strict options and no skipLibCheck, so the declarations in
// dist must hold up on their own.
import { createClient, getMeta, isWsafeApiError } from "@wsafe/client";
import { mirrorEquipments } from "@wsafe/client/mirror";
import { validateResponse } from "@wsafe/client/validate";
import { verifyWebhook, type WebhookPayload, WsafeWebhookError } from "@wsafe/client/webhooks";

const client = createClient({
  baseUrl: "https://wsafe.example.com",
  token: "t",
  fetch,
  validateResponses: validateResponse,
});

export async function main(): Promise<void> {
  try {
    const { equipments } = await client.equipments.list({
      equipmentType_id: "et_harness",
      columns: ["id", "status"],
    });
    const resources = await client.resources.list({}, { signal: AbortSignal.timeout(5000), method: "GET" });
    console.log(equipments[0]?.status, getMeta(resources).requestId);
  } catch (err) {
    if (isWsafeApiError(err, "equipments.list") && err.error === "rate_limit_exceeded")
      console.log(err.retryAfter);
  }
}

// A receiver in a worker or a browser-side test harness: fetch's Request, Headers and bytes.
export async function receive(request: Request, secret: string): Promise<Response> {
  try {
    const event: WebhookPayload = await verifyWebhook(secret, request.headers, await request.arrayBuffer());
    console.log(event.type, event.timestamp, event.data);
    return new Response(null, { status: 204 });
  } catch (err) {
    if (err instanceof WsafeWebhookError) return new Response(err.code, { status: 400 });
    throw err;
  }
}

// A copy of the register kept in step: the records typed from the schema.
export async function mirror(cursor?: string): Promise<string> {
  const { register, cursor: next } = await mirrorEquipments(client, { cursor });
  for (const [id, equipment] of register) console.log(id, equipment.version, equipment.external_id);
  return next;
}
