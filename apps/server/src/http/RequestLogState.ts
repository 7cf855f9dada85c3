/** What the edge records of a request for its log line: when it began, its method, how it ended. */
export interface RequestLogState {
  /** `performance.now()` when the request arrived. */
  start: number;
  /** The /v1 method it named, once known. */
  method?: string;
  /** `ok`, the error identifier, `preflight` or `docs`. */
  outcome?: string;
}

declare module "fastify" {
  interface FastifyRequest {
    wsafe: RequestLogState;
  }
}
