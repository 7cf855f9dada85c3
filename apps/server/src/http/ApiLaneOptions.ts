import type { FastifyBaseLogger } from "fastify";
import type { RequestTallies } from "../metrics/RequestTallies.js";
import type { PipelineServices } from "../pipeline/RequestState.js";
import type { Responder } from "./createResponder.js";

/** What the API lane of one server works with: the same services and responder as its Fastify route. */
export interface ApiLaneOptions {
  services: PipelineServices;
  responder: Responder;
  /** Whether the server is stopping: then every request goes to Fastify, which closes connections. */
  isDraining: () => boolean;
  /** The application's logger: failures always, and a line per request when `logRequests`. */
  log: FastifyBaseLogger;
  logRequests: boolean;
  /** Where each answered request is counted for `/metrics`; absent: nothing is counted. */
  requestTallies: RequestTallies | undefined;
}
