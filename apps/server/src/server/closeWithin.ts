import type { FastifyInstance } from "fastify";
import type { RequestsInFlight } from "../http/RequestsInFlight.js";
import { ShutdownTimeoutError } from "./ShutdownTimeoutError.js";

/** How long cut connections get to go before the stop reports anyway. */
const AFTER_CUT_MS = 1_000;

const sleep = (ms: number) =>
  new Promise<"late">((resolve) => {
    setTimeout(() => resolve("late"), ms).unref();
  });

const openConnections = (app: FastifyInstance) =>
  new Promise<number>((resolve) => {
    app.server.getConnections((error, count) => resolve(error ? 0 : count));
  });

/**
 * Closes the HTTP side of a server within a deadline: the listener closes at once, idle
 * connections go, in-flight requests may finish, each connection closing once its
 * answer is sent. When the deadline passes first, it
 * notes what is still open, cuts every connection, and throws
 * {@link ShutdownTimeoutError} naming it, so that nothing (a client that never finishes
 * its body, one that never reads its answer) can keep a stopping process alive.
 *
 * @param app - the server's Fastify application
 * @param inFlight - its requests in flight
 * @param timeoutMs - the deadline
 */
export async function closeWithin(
  app: FastifyInstance,
  inFlight: RequestsInFlight,
  timeoutMs: number,
): Promise<void> {
  inFlight.endConnectionsAsAnswered();
  const closed = app.close();
  if ((await Promise.race([closed, sleep(timeoutMs)])) !== "late") return;
  const holders = { connections: await openConnections(app), requests: inFlight.byRoute() };
  app.server.closeAllConnections();
  await Promise.race([closed.catch(() => {}), sleep(AFTER_CUT_MS)]);
  throw new ShutdownTimeoutError(timeoutMs, holders);
}
