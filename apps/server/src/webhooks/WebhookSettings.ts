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
  /** Attempts this process makes at once. */
  readonly concurrency: number;
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
};
