import { once } from "node:events";
import { connect, createServer, type Server, type Socket } from "node:net";

/** Says whether a statement, given those sent since the connection's last `BEGIN`, is the one to hold after. */
export type StatementMatch = (statement: string, transaction: readonly string[]) => boolean;

/** A TCP relay between a `wsafe serve` and its database, see {@link startDatabaseRelay}. */
export interface DatabaseRelay {
  /** Where the server connects instead of the database: `127.0.0.1:<port>`. */
  port: number;
  /**
   * Arms the relay once: the first statement on any connection that `when` matches is
   * passed on to the database, and every byte the database sends back on that
   * connection from then on is held back, never delivered. Resolves when the first of
   * those bytes arrives: the database has done the statement (a `COMMIT` committed).
   */
  holdReplyAfter(when: StatementMatch): Promise<void>;
  /** Closes the listener and every connection through it. */
  close(): Promise<void>;
}

// The startup packet's codes that another untyped packet follows (PostgreSQL's protocol).
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

/**
 * Reads PostgreSQL's frontend messages as they pass and hands each statement's text (a
 * simple `Query`, or a `Parse` of the extended protocol) to `onStatement`.
 */
function frontendReader(onStatement: (text: string) => void): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0);
  let startup = true;
  return (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (startup) {
        if (pending.length < 8) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        const code = pending.readInt32BE(4);
        startup = code === SSL_REQUEST || code === GSSENC_REQUEST;
        pending = pending.subarray(length);
        continue;
      }
      if (pending.length < 5) return;
      const length = pending.readInt32BE(1) + 1;
      if (pending.length < length) return;
      const type = String.fromCharCode(pending[0]!);
      const body = pending.subarray(5, length);
      pending = pending.subarray(length);
      if (type === "Q") onStatement(body.toString("utf8", 0, body.indexOf(0)));
      else if (type === "P") {
        const nameEnd = body.indexOf(0);
        onStatement(body.toString("utf8", nameEnd + 1, body.indexOf(0, nameEnd + 1)));
      }
    }
  };
}

/**
 * Starts a TCP relay on 127.0.0.1 in front of a PostgreSQL-speaking server (PgBouncer,
 * PostgreSQL): what a test puts between one `wsafe serve` and its database to stop that
 * server's request at an exact point, e.g. after its `COMMIT` reached the database and
 * before the server learnt of it. Bytes pass unchanged; it only reads the statements.
 *
 * @param target - the database's host and port
 * @example
 * const relay = await startDatabaseRelay({ host: "127.0.0.1", port: 6432 });
 * const held = relay.holdReplyAfter((statement) => statement === "COMMIT");
 */
export async function startDatabaseRelay(target: { host: string; port: number }): Promise<DatabaseRelay> {
  const sockets = new Set<Socket>();
  let armed: { when: StatementMatch; held: () => void } | undefined;

  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      // One side gone (a server killed, the database restarted) ends the other.
      socket.on("error", () => {});
      socket.on("close", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    let holding: (() => void) | undefined;
    let transaction: string[] = [];
    const read = frontendReader((statement) => {
      if (armed?.when(statement, transaction)) {
        holding = armed.held;
        armed = undefined;
      }
      transaction = /^\s*begin\b/i.test(statement) ? [] : [...transaction, statement];
    });
    // Read before passing on: once the matched statement is on its way, no reply may pass.
    client.on("data", (chunk: Buffer) => {
      read(chunk);
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (holding) holding();
      else client.write(chunk);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the relay has no TCP port");

  return {
    port: address.port,
    holdReplyAfter(when) {
      if (armed) throw new Error("the relay is armed already");
      return new Promise<void>((resolve) => {
        armed = { when, held: resolve };
      });
    },
    async close() {
      armed = undefined;
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}
