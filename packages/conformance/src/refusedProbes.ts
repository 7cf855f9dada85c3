import type { ErrorIdentifier, MethodName } from "@wsafe/schema";

/**
 * A request the kit sends in place of a successful call where a success would change
 * something or reach someone: the service must refuse it after the token's permission is
 * checked, with `error` (naming `mentions`), so the checks of request, token, parameters
 * and envelope run on it and nothing is written, and no endpoint is ever made that would
 * send deliveries to a third party.
 */
export interface RefusedProbe {
  /** Request data, `token` left out. */
  readonly params: Readonly<Record<string, unknown>>;
  /** What the service must answer. */
  readonly error: ErrorIdentifier;
  /** The key the answer's `description` must name, where one is to be named. */
  readonly mentions?: string;
  /** The request, for the check's name: `with url https://10.0.0.1/… (a private address)`. */
  readonly what: string;
  /** What a run needs for the method's successful calls, when the kit may make them. */
  readonly toSucceed?: string;
}

/** An endpoint id no deployment has: the kit's calls by id find nothing to change. */
export const missingWebhookId = "wh_conformance_no_such_endpoint";

/** A webhook URL every conforming server refuses: a private address, never connected to. */
export const refusedWebhookUrl = "https://10.0.0.1/wsafe-conformance";

/** An equipment id no deployment has: the kit's inspections are of nothing, and recorded nowhere. */
export const missingEquipmentId = "eq_conformance_no_such_equipment";

/**
 * The kit's refused requests, by method. Every write method of the registry has one (a
 * test holds the kit to it): without one, the kit runs none of a write method's checks
 * that need a token. A read method's probe stands in for a successful call until the
 * run gives request data of its own (`--params`): `webhooks.deliveries` needs an endpoint
 * of the account, which the kit never makes.
 *
 * @example
 * refusedProbes["webhooks.create"]; // { params: { url: "https://10.0.0.1/…" }, error: "parameter_invalid", … }
 */
export const refusedProbes: Partial<Record<MethodName, RefusedProbe>> = {
  "webhooks.create": {
    params: { url: refusedWebhookUrl },
    error: "parameter_invalid",
    mentions: "url",
    what: `with url ${refusedWebhookUrl} (a private address)`,
  },
  "webhooks.delete": {
    params: { id: missingWebhookId },
    error: "content_not_found",
    what: `with id ${missingWebhookId} (no such endpoint)`,
  },
  "webhooks.rotate_secret": {
    params: { id: missingWebhookId },
    error: "content_not_found",
    what: `with id ${missingWebhookId} (no such endpoint)`,
  },
  "webhooks.redeliver": {
    params: { webhook_id: missingWebhookId },
    error: "content_not_found",
    what: `with webhook_id ${missingWebhookId} (no such endpoint)`,
  },
  "inspections.record": {
    params: {
      equipment_id: missingEquipmentId,
      schedule_id: "sch_conformance",
      result: "passed",
      inspector_id: "u_conformance",
    },
    error: "content_not_found",
    what: `for equipment ${missingEquipmentId} (no such equipment)`,
    toSucceed:
      "record one inspection on a schedule you name: --record-inspection EQUIPMENT_ID,SCHEDULE_ID,INSPECTOR_ID",
  },
  "webhooks.deliveries": {
    params: { webhook_id: missingWebhookId },
    error: "content_not_found",
    what: `with webhook_id ${missingWebhookId} (no such endpoint)`,
    toSucceed:
      "give an endpoint of the account with two attempts or more: --param webhooks.deliveries.webhook_id=ID",
  },
};
