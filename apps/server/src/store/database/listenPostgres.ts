import pg from "pg";
import type { Sql } from "./Sql.js";

/** Waits between attempts to listen again: from the first to the longest. */
const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 10_000;

/** The `application_name` of the listening connection. */
export const LISTENER_APPLICATION_NAME = "wsafe-changes-listener";

/** One channel's listeners. */
interface Channel {
  onNotify: (payload: string) => void;
  onListening: (listening: boolean) => void;
}

/**
 * The `listen` of one store on PostgreSQL: every channel (the read cache's changes,
 * recorded events, webhook deliveries) on ONE connection of its own, per server process
 * - a pooled one would be handed to other work between statements and miss
 * notifications, and a connection per channel would multiply what a deployment holds
 * open (and what PgBouncer must let past it). When that connection fails every channel
 * hears `onListening(false)`; it connects again, with a growing wait, and `LISTEN`s to
 * every channel again, until it listens or the last channel stops.
 *
 * @param url - the server's connection URL (direct, not through a transaction pooler)
 * @returns the store's `listen`
 */
export function postgresListener(url: string): Sql["listen"] {
  const channels = new Map<string, Set<Channel>>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = FIRST_RETRY_MS;
  const tell = (listening: boolean) => {
    for (const set of channels.values()) for (const channel of set) channel.onListening(listening);
  };

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
      if (client !== attempt) return;
      client = undefined;
      if (channels.size === 0) return;
      tell(false);
      retryTimer = setTimeout(() => {
        connecting = connect();
      }, retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
    };
    // An error event without a listener would end the process.
    attempt.on("error", onLost);
    attempt.on("end", onLost);
    attempt.on("notification", (message) => {
      for (const channel of channels.get(message.channel) ?? []) channel.onNotify(message.payload ?? "");
    });
    try {
      await attempt.connect();
      for (const name of channels.keys()) await attempt.query(`LISTEN ${name}`);
    } catch {
      onLost();
      return;
    }
    if (lost) return;
    retryMs = FIRST_RETRY_MS;
    tell(true);
  };

  return async (name, onNotify, onListening) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain channel name: ${name}`);
    const channel: Channel = { onNotify, onListening };
    const set = channels.get(name) ?? new Set();
    const first = set.size === 0;
    set.add(channel);
    channels.set(name, set);
    if (!client && !connecting) {
      connecting = connect();
      await connecting;
      connecting = undefined;
    } else {
      await connecting;
      if (first && client) await client.query(`LISTEN ${name}`).catch(() => {});
      if (client) onListening(true);
    }
    return async () => {
      set.delete(channel);
      if (set.size > 0) return;
      channels.delete(name);
      if (channels.size > 0) {
        await client?.query(`UNLISTEN ${name}`).catch(() => {});
        return;
      }
      clearTimeout(retryTimer);
      const closing = client;
      client = undefined;
      await closing?.end().catch(() => {});
    };
  };
}
