// A peer a team could pick instead of wsafe: Hono on @hono/node-server, a zod check of
// the request body and the token against an in-memory map, answering the very bytes
// wsafe answers for resources.list over the same TLS.
import { readFileSync } from "node:fs";
import { createServer } from "node:https";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import * as z from "zod";
import { childOptions, reportReady } from "./childIpc.mjs";

const { tls, bodyPath, path, token } = childOptions();
const body = readFileSync(bodyPath);
const tokens = new Map([[token, { accountId: "acc_demo" }]]);
const params = z.strictObject({ token: z.string().min(1), pretty: z.boolean().optional() });

const app = new Hono();
app.post(path, async (c) => {
  const parsed = params.safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) return c.json({ ok: false, error: "request_data_invalid" });
  if (!tokens.has(parsed.data.token)) return c.json({ ok: false, error: "token_invalid" });
  return c.body(body, 200, { "Content-Type": "application/json; charset=utf-8" });
});

const server = serve({
  fetch: app.fetch,
  port: 0,
  hostname: "127.0.0.1",
  ...(tls ? { createServer, serverOptions: { cert: tls.cert, key: tls.key, minVersion: "TLSv1.2" } } : {}),
});
await new Promise((resolve) => server.once("listening", resolve));
const address = server.address();
reportReady(
  `${tls ? "https" : "http"}://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
  () => new Promise((resolve) => server.close(() => resolve(undefined))),
);
