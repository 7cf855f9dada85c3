import { jsonContentType } from "@wsafe/schema";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from "fastify";
import type { Readiness } from "./createReadinessCheck.js";

/** Where a load balancer or an orchestrator asks whether the process lives. */
export const healthzPath = "/healthz";
/** Where a load balancer asks whether to send this process requests. */
export const readyzPath = "/readyz";

function answer(reply: FastifyReply, status: 200 | 503, body: object): FastifyReply {
  // A cached "ready" would hide a failure from whoever asks next.
  return reply
    .code(status)
    .header("Content-Type", jsonContentType)
    .header("Cache-Control", "no-store")
    .send(JSON.stringify(body));
}

/**
 * Adds `GET /healthz` (the process answers: always 200 `{"ok":true,"status":"alive"}`)
 * and `GET /readyz` (200 when ready, else 503, with what each dependency answered),
 * outside `/v1`: they run no request pipeline, so they are never rate limited and need
 * no token. A load balancer asks every second or so, so their request lines are not
 * logged at info level; only a change of readiness is (warn when it stops being ready).
 *
 * @param app - the server's Fastify application
 * @param readiness - the readiness check of {@link createReadinessCheck}
 */
export function registerHealthRoutes(app: FastifyInstance, readiness: () => Promise<Readiness>): void {
  let wasReady: boolean | undefined;
  const noteChange = (log: FastifyBaseLogger, now: Readiness) => {
    if (now.ok === wasReady) return;
    // The first answer is only news when it is bad.
    if (wasReady !== undefined || !now.ok) {
      if (now.ok) app.log.info({ readiness: now }, "ready again");
      else log.warn({ readiness: now }, "not ready");
    }
    wasReady = now.ok;
  };

  app.get(healthzPath, { logLevel: "warn" }, (_request, reply) =>
    answer(reply, 200, { ok: true, status: "alive" }),
  );
  app.get(readyzPath, { logLevel: "warn" }, async (request, reply) => {
    request.wsafe.outcome = "readiness";
    const now = await readiness();
    // Draining is the expected way down, not a fault worth a warning.
    if (now.status !== "draining") noteChange(request.log, now);
    return answer(reply, now.ok ? 200 : 503, now);
  });
}
