import { Writable } from "node:stream";

/** The lines a server logged, parsed, and the logger option that collects them. */
export interface CapturedLog {
  lines: Record<string, unknown>[];
  /** `startServer({ logger })`: pino writes its JSON lines here. */
  logger: { stream: Writable };
}

/**
 * Collects what a server logs, one parsed JSON line each, for tests that check what an
 * operator reads.
 *
 * @example
 * const log = captureLog();
 * const server = await startServer({ port: 0, database: "memory://", logger: log.logger });
 * log.lines.filter((line) => line.msg === "stream opened");
 */
export function captureLog(): CapturedLog {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { stream } };
}
