import { webhookDelivery } from "@wsafe/schema";
import type { SystemLookup } from "./guardedLookup.js";
import type { ResolveHostAddresses } from "./resolveHostAddresses.js";

/** How a server creates endpoints and delivers to them: `wsafe serve`'s webhook flags and more. */
export interface WebhookSettings {
  /** `--webhooks-allow-http`: plain `http://` endpoints, for local development. */
  readonly allowHttp: boolean;
  /** `--webhooks-allow-private`: loopback and private addresses, for local development. */
  readonly allowPrivate: boolean;
  /** `--webhook-retry-schedule`: when each attempt is made, after the one before failed (ms). */
  readonly retryScheduleMs: readonly number[];
  /** How long an endpoint has to answer. */
  readonly timeoutMs: number;
  /** Whether this process makes deliveries (every server of a deployment may; one is enough). */
  readonly deliver: boolean;
  /** `--webhook-concurrency`: attempts this process makes at once. */
  readonly concurrency: number;
  /**
   * `--webhook-endpoint-concurrency`: attempts under way at once to one endpoint, across
   * every server on the database.
   */
  readonly inFlightPerEndpoint: number;
  /** `--webhook-disable-after`: how long an endpoint may fail without a success before it is disabled (ms). */
  readonly disableAfterMs: number;
  /**
   * How long a stop lets attempts under way finish before it cuts them and hands them back
   * to the queue, due at once, for another server (ms).
   */
  readonly stopGraceMs: number;
  /** Certificates to trust beside the system's, for endpoints on a private certificate authority. */
  readonly ca?: string | readonly string[];
  /** Resolves a host name when an endpoint is made; the system resolver by default. */
  readonly resolve?: ResolveHostAddresses;
  /** Resolves a host name when a delivery connects; the system resolver by default. */
  readonly lookup?: SystemLookup;
}

/** The settings a server has unless told otherwise: the contract's schedule and timeout, https and public addresses only. */
export const defaultWebhookSettings: WebhookSettings = {
  allowHttp: false,
  allowPrivate: false,
  retryScheduleMs: webhookDelivery.retryScheduleMs,
  timeoutMs: webhookDelivery.timeoutMs,
  deliver: true,
  concurrency: 8,
  inFlightPerEndpoint: webhookDelivery.inFlightPerEndpoint,
  disableAfterMs: webhookDelivery.disableAfterMs,
  stopGraceMs: 5000,
};
