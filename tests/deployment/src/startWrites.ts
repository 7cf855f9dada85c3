import { ErrorCode, type RetryEvent } from "@wsafe/client";
import { proxyClient } from "./proxyClient.js";

/** One `inspections.record` call of {@link startWrites}, as it ended. */
export interface WriteCall {
  /** The equipment it inspected: one of its own, so that each call is told apart in the store. */
  equipment: string;
  /** The inspection's id when it ended `ok`; else what it ended with. */
  inspection?: string;
  failure?: string;
}

/** Writes under way, see {@link startWrites}. */
export interface Writes {
  /** The calls that ended so far, in the order they ended. */
  readonly calls: WriteCall[];
  /**
   * Why each attempt the client sent again failed: `api server_error`, `transport 503`,
   * `transport no reply`... (a call's last attempt, when it failed, is its `failure`).
   */
  readonly retried: string[];
  /** {@link retried} counted by reason, for a log line: `{"transport 503":4}`, `{}` for none. */
  retriedCounts(): string;
  /** Lets the calls under way end, starts no more, closes the connections. */
  stop(): Promise<void>;
}

/** What to write, and how fast. */
export interface WriteOptions {
  proxyUrl: string;
  certificate: string;
  /** A token with the `write` permission. */
  token: string;
  inspector: string;
  /** The equipment to inspect, each once, in order; the writes stop when they are used up. */
  equipment: readonly string[];
  /** Its schedule (every equipment has one of this id, expired). */
  schedule: string;
  /** Calls at a time. */
  lanes: number;
  /** Pause of each lane after each call: a few writes a second, whatever the servers' pace. */
  pauseMs: number;
}

const day = 86_400_000;

/**
 * Records passed inspections through the proxy with `@wsafe/client`, as an integrating
 * team does: each call with the client's own idempotency key, the same on every attempt,
 * so the client sends it again after whatever failed (a `server_error` or a proxy's
 * 502/503 included) and the service answers a repeat with the first answer. Retries are
 * allowed for some 30 s (a stop of every server lasts until the first new one is ready);
 * every one is noted with its reason.
 *
 * @param options - where, as whom, which equipment, how fast
 */
export function startWrites(options: WriteOptions): Writes {
  const retried: string[] = [];
  const noteRetry = ({ error }: RetryEvent) => {
    if (error.code === ErrorCode.ApiError) retried.push(`api ${error.error}`);
    else if (error.code === ErrorCode.TransportError) retried.push(`transport ${error.status ?? "no reply"}`);
    else retried.push(error.code);
  };
  const { client, close } = proxyClient(options.proxyUrl, options.certificate, {
    token: options.token,
    retries: { maxRetries: 40, minDelayMs: 250, maxDelayMs: 1_000 },
    onRetry: noteRetry,
  });
  const calls: WriteCall[] = [];
  let next = 0;
  let stopping = false;
  const lane = async () => {
    while (!stopping && next < options.equipment.length) {
      const equipment = options.equipment[next++]!;
      const now = Date.now();
      try {
        const answer = await client.inspections.record({
          equipment_id: equipment,
          schedule_id: options.schedule,
          result: "passed",
          inspector_id: options.inspector,
          expiresOn: now + 365 * day,
          expiringOn: now + 335 * day,
        });
        calls.push({ equipment, inspection: answer.inspection.id });
      } catch (error) {
        const {
          code,
          error: identifier,
          message,
        } = error as { code?: string; error?: string; message?: string };
        calls.push({ equipment, failure: `${code ?? ""} ${identifier ?? ""} ${message ?? ""}`.trim() });
      }
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  };
  const running = Promise.all(Array.from({ length: options.lanes }, lane));
  return {
    calls,
    retried,
    retriedCounts() {
      const counts: Record<string, number> = {};
      for (const reason of retried) counts[reason] = (counts[reason] ?? 0) + 1;
      return JSON.stringify(counts);
    },
    async stop() {
      stopping = true;
      await running;
      await close();
    },
  };
}
