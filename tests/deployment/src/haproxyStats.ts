import { request } from "undici";

/** One server of the proxy's backend, as its statistics page shows it. */
export interface ProxiedServer {
  /** Its name in haproxy.cfg: `wsafe1`, `wsafe2`, ... */
  name: string;
  /** `UP`, `DOWN`, or a transition such as `UP 1/2` or `DOWN 1/2`. */
  status: string;
  /** Requests it answered with 2xx so far. */
  answered: number;
}

/** The proxy's own count of what it absorbed for a backend, from its statistics page. */
export interface BackendRetries {
  /** Requests sent again after a failed connection or a lost answer. */
  retries: number;
  /** Of those, the ones sent to another server than the first. */
  redispatches: number;
}

async function readRows(statsUrl: string, backend: string): Promise<Record<string, string>[]> {
  const response = await request(`${statsUrl};csv`);
  const [header, ...rows] = (await response.body.text()).trim().split("\n");
  const columns = header!.replace(/^# /, "").split(",");
  return rows
    .map((row) => Object.fromEntries(row.split(",").map((cell, index) => [columns[index]!, cell])))
    .filter((row) => row.pxname === backend);
}

/**
 * Reads the backend's retries and redispatches.
 *
 * @param statsUrl - e.g. `http://127.0.0.1:PORT/stats`
 * @param backend - the backend's name in haproxy.cfg
 */
export async function readBackendRetries(statsUrl: string, backend = "wsafe"): Promise<BackendRetries> {
  const row = (await readRows(statsUrl, backend)).find((candidate) => candidate.svname === "BACKEND");
  return { retries: Number(row?.wretr ?? 0), redispatches: Number(row?.wredis ?? 0) };
}

/**
 * Reads the backend's servers from HAProxy's statistics page in CSV.
 *
 * @param statsUrl - e.g. `http://127.0.0.1:PORT/stats`
 * @param backend - the backend's name in haproxy.cfg
 */
export async function readProxiedServers(statsUrl: string, backend = "wsafe"): Promise<ProxiedServer[]> {
  return (await readRows(statsUrl, backend))
    .filter((row) => row.svname !== "FRONTEND" && row.svname !== "BACKEND")
    .map((row) => ({ name: row.svname!, status: row.status!, answered: Number(row.hrsp_2xx) }));
}

/**
 * How many requests each server answered with 2xx between two readings of
 * {@link readProxiedServers}, by name.
 *
 * @param before - the earlier reading
 * @param after - the later one
 */
export function answeredSince(before: ProxiedServer[], after: ProxiedServer[]): Record<string, number> {
  return Object.fromEntries(
    after.map((server) => [
      server.name,
      server.answered - (before.find((earlier) => earlier.name === server.name)?.answered ?? 0),
    ]),
  );
}
