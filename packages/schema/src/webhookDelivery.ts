/**
 * How the service delivers events to webhook endpoints: the Standard Webhooks
 * specification's retry schedule and the limits a receiver may count on. The docs'
 * Webhooks page prints these; the server delivers by them.
 *
 * @example
 * import { webhookDelivery } from "@wsafe/schema";
 * webhookDelivery.retryScheduleMs.length; // 10 attempts
 * @see https://docs.wsafe.dev/webhooks/
 */
export const webhookDelivery = {
  /**
   * When each attempt is made, after the event is recorded (the first) or after the
   * attempt before it failed: immediately, then 5 seconds, 5 minutes, 30 minutes, 2, 5, 10,
   * 14, 20 and 24 hours. After the last, the delivery gives up and the endpoint is `failing`.
   */
  retryScheduleMs: [
    0,
    5_000,
    5 * 60_000,
    30 * 60_000,
    2 * 3_600_000,
    5 * 3_600_000,
    10 * 3_600_000,
    14 * 3_600_000,
    20 * 3_600_000,
    24 * 3_600_000,
  ],
  /** A 2xx answer within this long is a success. */
  timeoutMs: 15_000,
  /** The most of an endpoint's answer the service reads (and keeps). */
  answerBytes: 1024,
  /**
   * The most attempts under way at once to one endpoint, across every server, unless the
   * operator says otherwise (`wsafe serve --webhook-endpoint-concurrency`): a slow
   * receiver holds no more, and first attempts start in the order events were recorded.
   */
  inFlightPerEndpoint: 4,
  /**
   * How long an endpoint may fail without one success before it is disabled, unless the
   * operator says otherwise (`wsafe serve --webhook-disable-after`): counted from the
   * first failed attempt after its last success.
   */
  disableAfterMs: 5 * 86_400_000,
  /** The most endpoints one account may have. */
  endpointsPerAccount: 10,
  /** How long the secret before a rotation keeps signing beside the new one. */
  rotationOverlapMs: 24 * 3_600_000,
} as const;
