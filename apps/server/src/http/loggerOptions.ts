import { stdoutLog } from "./stdoutLog.js";

// Never log a URL's query string: a GET request carries its token there.
const requestSerializer = (request: { method?: string; url?: string; id?: string }) => ({
  method: request.method,
  path: request.url?.split("?")[0],
});

/**
 * Fastify's logger options for the server's `logger` option: off, JSON lines on stdout
 * (through {@link stdoutLog}, which neither blocks nor holds up an exit whatever reads
 * stdout), or the caller's pino options, always with tokens redacted and query strings dropped.
 *
 * @param logger - `false`/absent for none, `true` for JSON lines on stdout, or pino options
 */
export function loggerOptions(logger: boolean | object | undefined): boolean | object {
  if (!logger) return false;
  const base = typeof logger === "object" ? logger : {};
  return {
    level: "info",
    ...base,
    // Lines batched a turn of the event loop at a time: a synchronous write per request
    // line cost about a third of the CPU of a resources.list under load (measured with
    // --cpu-prof). Batched, a line costs 4-6 µs of CPU with 8 a turn (pino.destination's
    // pool thread: 7-8) and 12-14 with one (it: 10-12), into a pipe read by `cat`.
    stream: (base as { stream?: unknown }).stream ?? stdoutLog(),
    serializers: { req: requestSerializer, ...((base as { serializers?: object }).serializers ?? {}) },
    redact: {
      paths: ["token", "*.token", "req.headers.authorization", "req.headers.cookie"],
      censor: "[redacted]",
    },
  };
}
