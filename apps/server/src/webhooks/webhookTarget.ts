import { eventRecord } from "../events/EventLog.js";
import { checkEndpointUrl } from "./checkEndpointUrl.js";
import type { DeliveryTarget, Prepared } from "./DeliveryTarget.js";
import { deliveryBody } from "./deliveryBody.js";
import type { ClaimedDelivery, EndpointColumns } from "./deliveryQueue.js";
import { sendDelivery } from "./sendDelivery.js";
import { signDelivery } from "./signDelivery.js";
import { WebhookSecret } from "./WebhookSecret.js";
import type { WebhookSettings } from "./WebhookSettings.js";

/** What a webhook delivery needs of its endpoint: where, and the secrets that sign. */
export interface WebhookEndpoint {
  readonly url: string;
  readonly secret: string;
  /** The secret before the last rotation, while it still signs. */
  readonly previousSecret: string | null;
}

/** One signed POST: the Standard Webhooks headers and the exact body they sign. */
export interface WebhookRequest {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** What an endpoint's owner reads when its stored secret cannot sign, and what to do. */
export const unusableSecret =
  "not sent: the endpoint's stored secret cannot sign (not a whsec_ key); webhooks.rotate_secret gives it a new one";

/** The endpoint's URL and the secrets in force at the claim's instant. */
export const webhookEndpointColumns: EndpointColumns<WebhookEndpoint> = {
  sql: `json_build_object('url', w.url, 'secret', w.secret,
          'previous_secret', CASE WHEN w.previous_secret_expires_at > clock.now THEN w.previous_secret END)`,
  read(value) {
    if (typeof value !== "object" || value === null) throw new TypeError("a claim read no webhook endpoint");
    const url = "url" in value ? value.url : undefined;
    const secret = "secret" in value ? value.secret : undefined;
    const previous = "previous_secret" in value ? value.previous_secret : null;
    if (
      typeof url !== "string" ||
      typeof secret !== "string" ||
      !(previous === null || typeof previous === "string")
    )
      throw new TypeError("a claim read a webhook endpoint without its url or secret");
    return { url, secret, previousSecret: previous };
  },
};

/**
 * The event as a Standard Webhooks request, signed with the endpoint's secrets at the
 * claim's instant (the database's clock). A secret that cannot sign is a failed attempt
 * saying so; any other failure throws (the attempt then says it could not be prepared).
 */
function prepareWebhook(delivery: ClaimedDelivery<WebhookEndpoint>): Prepared<WebhookRequest> {
  const at = delivery.claimedAt;
  const record = eventRecord(delivery.event, at);
  const body = deliveryBody({ type: record.type, occurredAt: record.occurred_at, data: record });
  let secrets: WebhookSecret[];
  try {
    secrets = [delivery.endpoint.secret, delivery.endpoint.previousSecret]
      .filter((secret) => secret !== null)
      .map((secret) => WebhookSecret.from(secret));
  } catch (error) {
    return { ok: false, error: unusableSecret, cause: error };
  }
  return {
    ok: true,
    request: { headers: signDelivery({ id: record.id, body, secrets, at: new Date(at) }), body },
  };
}

/**
 * HTTP webhooks as a delivery target: an endpoint's URL checked by the SSRF rules when it
 * is made (`checkEndpointUrl`), each event signed by the Standard Webhooks specification
 * and POSTed with `sendDelivery` (the same rules again, every address checked when
 * connecting, no redirect, the timeout, 1 kB of the answer at most).
 *
 * @param settings - the server's webhook flags, the timeout, the trusted CAs, the resolvers
 * @example
 * const target = webhookTarget(defaultWebhookSettings);
 * await target.check("https://hooks.example.com/wsafe");
 */
export function webhookTarget(settings: WebhookSettings): DeliveryTarget<WebhookEndpoint, WebhookRequest> {
  return {
    endpoint: webhookEndpointColumns,
    check: (address, onRefusedAddress) => checkEndpointUrl(address, { ...settings, onRefusedAddress }),
    prepare: prepareWebhook,
    async send(endpoint, request, signal) {
      const result = await sendDelivery(
        { url: endpoint.url, ...request },
        {
          allowHttp: settings.allowHttp,
          allowPrivate: settings.allowPrivate,
          timeoutMs: settings.timeoutMs,
          ca: settings.ca,
          lookup: settings.lookup,
          signal,
        },
      );
      if ("status" in result)
        return { status: result.status, error: null, durationMs: result.durationMs, succeeded: result.ok };
      return {
        status: null,
        error: result.error,
        durationMs: result.durationMs,
        succeeded: false,
        ...(result.refusedAddress && { refusedAddress: result.refusedAddress }),
      };
    },
  };
}
