import pg from "pg";

/** Waits between attempts to listen again: from the first to the longest. */
const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 10_000;

/** The `application_name` of the listening connection. */
export const LISTENER_APPLICATION_NAME = "wsafe-changes-listener";

/**
 * Listens on a PostgreSQL notification channel over a connection of its own (a pooled
 * one would be handed to other work between statements and miss notifications).
 * When that connection fails it says so through `onListening(false)` and connects
 * again, with a growing wait, until it listens or the returned function is called.
 *
 * @param url - the server's connection URL
 * @param channel - a lower-case SQL identifier
 * @param onNotify - gets each notification's payload
 * @param onListening - whether notifications are currently received
 * @returns stops listening and closes the connection
 */
export async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onListening: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = FIRST_RETRY_MS;

  const connect = async (): Promise<void> => {
    // Named so that operators (and tests) can tell it apart in pg_stat_activity.
    const attempt = new pg.Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME });
    client = attempt;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      attempt.removeAllListeners("notification");
      attempt.end().catch(() => {});
      if (stopped) return;
      onListening(false);
      retryTimer = setTimeout(() => void connect(), retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
    };
    // An error event without a listener would end the process.
    attempt.on("error", onLost);
    attempt.on("end", onLost);
    attempt.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    try {
      await attempt.connect();
      await attempt.query(`LISTEN ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (stopped || lost) return;
    retryMs = FIRST_RETRY_MS;
    onListening(true);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    await client?.end().catch(() => {});
  };
}
