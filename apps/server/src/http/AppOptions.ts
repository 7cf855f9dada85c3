import type { MigrationWatch } from "../health/MigrationWatch.js";
import type { RequestTallies } from "../metrics/RequestTallies.js";
import type { PipelineServices } from "../pipeline/RequestState.js";
import type { RequestsInFlight } from "./RequestsInFlight.js";

/** What the Fastify application of one server is made from. */
export interface AppOptions {
  /** How often an idle `events.stream` is pinged (ms); default 15 s. */
  streamPingMs?: number | undefined;
  services: PipelineServices;
  /** PEM certificate and key for HTTPS; absent: plain HTTP. */
  tls: { cert: string; key: string } | undefined;
  headerPrefix: string;
  corsOrigin: string;
  docsDir: string | undefined;
  logger: boolean | object | undefined;
  /** Whether the server is stopping: `/readyz` then answers 503 `draining`. */
  isDraining: () => boolean;
  /** The watch of the store's migrations, which `/readyz` asks. */
  migrations: MigrationWatch;
  /** The server's version label, in every `/readyz` answer. */
  version: string;
  /** Where the requests begun and not yet finished are counted, for a stop that overruns. */
  inFlight: RequestsInFlight;
  /** `Strict-Transport-Security` value sent on every answer; absent: none. */
  hsts?: string;
  /** Where each answered request is counted for `/metrics`; absent: nothing is counted. */
  requestTallies?: RequestTallies;
}
