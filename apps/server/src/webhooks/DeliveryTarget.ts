import type { ClaimedDelivery, EndpointColumns } from "./deliveryQueue.js";

/** A delivery made ready to send, or why it could not be (a failed attempt, never a throw). */
export type Prepared<Request> =
  | { readonly ok: true; readonly request: Request }
  | {
      readonly ok: false;
      /** What the endpoint's owner reads in the attempt's record, and what to do. */
      readonly error: string;
      /** What went wrong on our side: for the server's log only. */
      readonly cause: unknown;
    };

/** How one send went, as the queue records it. */
export interface Sent {
  /** The receiver's status, when it answered. */
  readonly status: number | null;
  /** Why there is no status, in words the endpoint's owner may read; `cancelled` when a stop cut it short. */
  readonly error: string | null;
  readonly durationMs: number;
  readonly succeeded: boolean;
  /** The address a host name resolved to that was refused: for the server's log only, never the record. */
  readonly refusedAddress?: string;
}

/**
 * Where deliveries go, and how: the queue (`deliveryQueue.ts`, `recordAttempt.ts`) claims,
 * leases, caps per endpoint and retries whatever the target; a target says what an
 * endpoint's address must be, what it reads of the endpoint, how a claimed delivery
 * becomes a request and how that request is sent. HTTP webhooks (`webhookTarget.ts`) are
 * the first.
 *
 * @example
 * const target = webhookTarget(settings);
 * const url = await target.check("https://hooks.example.com/wsafe"); // at webhooks.create
 * const { deliveries } = await claimDeliveries(sql, limits, target.endpoint);
 * const prepared = target.prepare(deliveries[0]);
 * if (prepared.ok) await target.send(deliveries[0].endpoint, prepared.request, signal);
 */
export interface DeliveryTarget<Endpoint, Request> {
  /** What a claim reads of each endpoint for this target, in the claim's own statement. */
  readonly endpoint: EndpointColumns<Endpoint>;
  /**
   * Checks an endpoint's address as its owner gives it.
   *
   * @param address - the address given
   * @param onRefusedAddress - told what a host name resolved to when that is refused, for the server's log
   * @returns the address as it is kept
   * @throws ApiError `parameter_invalid` saying what is wrong
   */
  check(address: string, onRefusedAddress?: RefusedAddressListener): Promise<string>;
  /**
   * Makes a claimed delivery ready: the request, signed at the claim's instant.
   *
   * @param delivery - the claimed delivery and what the target read of its endpoint
   */
  prepare(delivery: ClaimedDelivery<Endpoint>): Prepared<Request>;
  /**
   * Sends a prepared request; never throws.
   *
   * @param endpoint - what the target read of the endpoint
   * @param request - what `prepare` made
   * @param signal - aborted when the server stops: the send ends as `cancelled`
   */
  send(endpoint: Endpoint, request: Request, signal: AbortSignal): Promise<Sent>;
}

/** Told the address a host name resolved to when it is refused. */
export type RefusedAddressListener = (refused: { host: string; address: string; kind: string }) => void;
