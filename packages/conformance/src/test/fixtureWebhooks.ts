import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { eventsPageSize, methods, type Webhook, type WebhookDelivery, webhookDelivery } from "@wsafe/schema";
import { Failure } from "./Failure.js";
import type { Fault } from "./Fault.js";
import type { FixturePages } from "./fixturePages.js";
import type { Owner } from "./fixtureRecords.js";

type Params = Record<string, unknown>;
type Row = Record<string, unknown>;

/** What one account of the fixture holds of webhooks: its endpoints and their attempts. */
export interface AccountWebhooks {
  webhooks: Webhook[];
  attempts: (WebhookDelivery & { webhook_id: string })[];
}

/** The first account's endpoint with attempts enough to page: the registry's example endpoint. */
export const fixtureWebhookId = (methods["webhooks.list"].examples[0]!.response as { webhooks: Webhook[] })
  .webhooks[0]!.id;

/** The second account's endpoint. */
export const otherWebhookId = "wh_other_account";

const exampleAttempts = (
  methods["webhooks.deliveries"].examples[0]!.response as { deliveries: WebhookDelivery[] }
).deliveries;

/** `count` attempts at `webhook_id`, one a minute from `start`, every third one failed. */
function attempts(webhook_id: string, count: number, start: number) {
  return Array.from({ length: count }, (_, i) => {
    const template = exampleAttempts[i % 3 === 0 ? 0 : 1]!;
    // Two attempts share an instant, so that ordering by id shows.
    const attempted_at = start + (i === 4 ? 3 : i) * 60_000;
    return {
      ...template,
      id: `att_${webhook_id}_${String(i + 1).padStart(2, "0")}`,
      attempt: (i % 3) + 1,
      attempted_at,
      next_attempt_at: template.next_attempt_at === null ? null : attempted_at + 5_000,
      webhook_id,
    };
  });
}

/**
 * The fixture's endpoints: account `a` has the registry's example endpoint with nine
 * attempts and one without any; account `b` one endpoint with two attempts.
 *
 * @param now - the server's start
 */
export function fixtureWebhooks(now: number): Record<Owner, AccountWebhooks> {
  const [example] = (methods["webhooks.list"].examples[0]!.response as { webhooks: Webhook[] }).webhooks;
  return {
    a: {
      webhooks: [
        structuredClone(example!),
        {
          ...structuredClone(example!),
          id: "wh_fixture_quiet",
          types: [],
          state: "active",
          state_reason: null,
        },
      ],
      attempts: attempts(fixtureWebhookId, 9, now - 86_400_000),
    },
    b: {
      webhooks: [
        { ...structuredClone(example!), id: otherWebhookId, url: "https://other.example.com/hooks" },
      ],
      attempts: attempts(otherWebhookId, 2, now - 86_400_000),
    },
  };
}

const secret = () => `whsec_${randomBytes(24).toString("base64")}`;
const notFound = (id: unknown) => new Failure("content_not_found", `webhook not found: ${id}`);

/** Whether a literal host is one a webhook may not reach: enough of the rules for the kit's probe. */
function privateHost(host: string): boolean {
  if (isIP(host) === 4) return /^(10|127|0)\.|^192\.168\.|^172\.(1[6-9]|2\d|3[01])\.|^169\.254\./.test(host);
  return isIP(host) === 6 && /^(::1$|f[cd]|fe[89ab])/i.test(host);
}

/**
 * Answers the webhooks methods from the accounts' endpoints, which `create`, `delete`
 * and `rotate_secret` change; `redeliver` queues nothing (the fixture delivers nothing);
 * `deliveries` in pages, like `events.list`, always a page.
 *
 * @param state - both accounts' endpoints and attempts
 * @param pages - the server's pages and cursors
 * @param fault - the fixture's one fault
 */
export function fixtureWebhookAnswer(
  state: Record<Owner, AccountWebhooks>,
  pages: FixturePages,
  fault?: Fault,
) {
  return (
    method: string,
    params: Params,
    owner: Owner,
    now: number,
    list: (field: string, rows: Row[], request: ReturnType<FixturePages["request"]>) => Row,
  ): Row => {
    const paging = params.limit !== undefined || params.cursor !== undefined;
    const leaks = fault === "leaks-other-tenant" || (fault === "leaks-other-tenant-with-limit" && paging);
    const own = state[owner];
    const find = (id: unknown) => own.webhooks.find((webhook) => webhook.id === id);
    if (method === "webhooks.create") {
      const url = URL.canParse(params.url as string) ? new URL(params.url as string) : undefined;
      if (url?.protocol !== "https:")
        throw new Failure(
          "parameter_invalid",
          "invalid parameter: url: webhooks are delivered over https only",
        );
      const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
      if (privateHost(host) && fault !== "private-url-accepted")
        throw new Failure("parameter_invalid", `invalid parameter: url: ${host} is a private address`);
      if (own.webhooks.length >= webhookDelivery.endpointsPerAccount)
        throw new Failure("limit_reached", "an account has at most 10 webhook endpoints");
      const webhook: Webhook = {
        id: `wh_${randomBytes(8).toString("hex")}`,
        url: url.href,
        types: (params.types as Webhook["types"] | undefined) ?? [],
        equipmentType_id: (params.equipmentType_id as string | undefined) ?? null,
        state: "active",
        state_reason: null,
        created: now,
        previous_secret_expires_at: null,
      };
      own.webhooks.push(webhook);
      return { ok: true, webhook, secret: secret() };
    }
    if (method === "webhooks.list") {
      // With shared-answer, the other account reads the first's endpoints.
      const shown = state[owner === "b" && fault === "shared-answer" ? "a" : owner].webhooks;
      return {
        ok: true,
        webhooks:
          fault === "invalid-result" ? shown.map((webhook) => ({ ...webhook, state: "broken" })) : shown,
      };
    }
    if (method === "webhooks.delete" || method === "webhooks.rotate_secret") {
      const webhook = find(params.id);
      if (!webhook) {
        if (fault !== "unknown-webhook-ok") throw notFound(params.id);
        return method === "webhooks.delete"
          ? { ok: true }
          : { ok: true, secret: secret(), previous_secret_expires_at: now };
      }
      if (method === "webhooks.delete") {
        own.webhooks.splice(own.webhooks.indexOf(webhook), 1);
        return { ok: true };
      }
      webhook.previous_secret_expires_at = now + webhookDelivery.rotationOverlapMs;
      return { ok: true, secret: secret(), previous_secret_expires_at: webhook.previous_secret_expires_at };
    }
    if (method === "webhooks.redeliver") {
      const webhook = find(params.webhook_id);
      if (webhook) return { ok: true, queued: 0, webhook };
      if (fault !== "unknown-webhook-ok") throw notFound(params.webhook_id);
      const made: Webhook = {
        id: String(params.webhook_id),
        url: "https://hooks.example.com/wsafe",
        types: [],
        equipmentType_id: null,
        state: "active",
        state_reason: null,
        created: now,
        previous_secret_expires_at: null,
      };
      return { ok: true, queued: 0, webhook: made };
    }
    // webhooks.deliveries: its cursor is refused before the endpoint is looked up, as the service does.
    const first = params.limit === undefined && params.cursor === undefined;
    const request = pages.request(
      "webhooks.deliveries",
      first ? { ...params, limit: eventsPageSize } : params,
      owner,
      now,
    );
    const visible = leaks ? [state.a, state.b] : [own];
    if (!visible.some((account) => account.webhooks.some((webhook) => webhook.id === params.webhook_id)))
      throw notFound(params.webhook_id);
    const rows = visible
      .flatMap((account) => account.attempts)
      .filter((attempt) => attempt.webhook_id === params.webhook_id)
      // A field of the wrong type on the first attempt, wherever it shows.
      .map(({ webhook_id: _webhook, ...attempt }) =>
        fault === "invalid-result" && attempt.id.endsWith("_01") && owner === "a"
          ? { ...attempt, attempt: "first" }
          : attempt,
      );
    return list("deliveries", rows, request);
  };
}
