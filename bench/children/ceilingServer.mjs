// Serves the ceiling of `equipments.list` (listCeiling.mjs) from a bare Fastify route
// with the same certificate as wsafe, on PostgreSQL through `pg` or on the same
// PGlite directory, so both are measured over the same HTTPS by the same client.
import Fastify from "fastify";
import { childOptions, reportReady } from "./childIpc.mjs";
import { listCeiling } from "./listCeiling.mjs";

const { database, tls } = childOptions();
/** @type {(text: string, params: unknown[]) => Promise<any[]>} */
let query;
/** @type {() => Promise<void>} */
let closeDatabase;
if (/^postgres(ql)?:\/\//.test(database)) {
  const { default: pg } = await import("pg");
  // JIT off, as the wsafe server runs it: compiling these plans costs more than it saves.
  const pool = new pg.Pool({ connectionString: database, max: 4, options: "-c jit=off" });
  query = async (text, params) => (await pool.query(text, params)).rows;
  closeDatabase = () => pool.end();
} else {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(database);
  query = async (text, params) => (await db.query(text, params)).rows;
  closeDatabase = () => db.close();
}

const app = Fastify({
  logger: false,
  bodyLimit: 1024 * 1024,
  ...(tls ? { https: { cert: tls.cert, key: tls.key, minVersion: "TLSv1.2" } } : {}),
});
app.post("/v1/equipments.list", async (request, reply) => {
  const body = await listCeiling(query, /** @type {any} */ (request.body), Date.now());
  return reply.header("Content-Type", "application/json; charset=utf-8").send(body);
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
reportReady(
  `${tls ? "https" : "http"}://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
  async () => {
    await app.close();
    await closeDatabase();
  },
);
