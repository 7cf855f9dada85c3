import { once } from "node:events";
import { createServer, type Server } from "node:http";

/** The header that names a request, so that its arrivals are counted across the servers. */
export const requestIdHeader = "x-stand-in-request";
/** The header that says what the servers do with a request: see {@link StandInPlan}. */
export const planHeader = "x-stand-in-plan";

/**
 * What the stand-ins do with a request: `drop-first`: the first server it reaches reads
 * it whole and closes the connection without a word (as a server killed mid-request),
 * any later one answers 200; `answer`: whichever it reaches answers 200.
 */
export type StandInPlan = "drop-first" | "answer";

/** Servers behind HAProxy in place of `wsafe serve`, see {@link startStandInServers}. */
export interface StandInServers {
  /** `127.0.0.1:PORT` of each, for `WSAFE_SERVER_n`. */
  addresses: string[];
  /** How many times the request of that id reached any of them. */
  arrivals(id: string): number;
  /** Stops one from accepting connections: a connection to it is refused from now on. */
  refuse(index: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts `count` plain HTTP servers on 127.0.0.1 that stand in for `wsafe serve` where
 * only the proxy's behaviour is under test: each answers `GET /readyz` 200, and any other
 * request as its {@link planHeader} says, counting the arrivals of each {@link requestIdHeader}.
 * Every answer closes its connection, so the proxy never reuses one.
 *
 * @param count - how many servers
 */
export async function startStandInServers(count: number): Promise<StandInServers> {
  const arrivals = new Map<string, number>();
  const servers: Server[] = Array.from({ length: count }, (_, index) =>
    createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        const answer = (status: number) =>
          response
            .writeHead(status, { connection: "close", "content-type": "application/json" })
            .end(JSON.stringify({ ok: status === 200, server: index }));
        if (request.url === "/readyz") return answer(200);
        const id = String(request.headers[requestIdHeader]);
        const seen = (arrivals.get(id) ?? 0) + 1;
        arrivals.set(id, seen);
        if (request.headers[planHeader] === "drop-first" && seen === 1) request.socket.destroy();
        else answer(200);
      });
    }),
  );
  await Promise.all(
    servers.map((server) => {
      server.listen(0, "127.0.0.1");
      return once(server, "listening");
    }),
  );
  const address = (server: Server) => {
    const bound = server.address();
    if (bound === null || typeof bound === "string") throw new Error("a stand-in has no TCP port");
    return `127.0.0.1:${bound.port}`;
  };
  const close = async (server: Server) => {
    if (!server.listening) return;
    server.closeAllConnections();
    server.close();
    await once(server, "close");
  };
  return {
    addresses: servers.map(address),
    arrivals: (id) => arrivals.get(id) ?? 0,
    refuse: (index) => close(servers[index]!),
    close: async () => {
      await Promise.all(servers.map(close));
    },
  };
}
