// The small world the upgrade test runs servers of two versions in: one account with a
// write token, an inspector, and equipment whose schedules a test moves with SQL, a
// webhook receiver on loopback, and the calls the test makes.
import { once } from "node:events";
import { writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { plainEquipment } from "@wsafe/test-support";

const day = 86_400_000;

/** The tokens of the upgrade scene's account. */
export const upgradeTokens = { write: "upgrade-scene-write-token-0000" } as const;

/**
 * Writes the scene's dataset to `dir` and answers its path: `eq_up_inspected`, whose
 * monthly schedule expired a month ago (an inspection renews it), and `eq_up_timed_<n>`,
 * whose schedules fall due in days (a test moves one to seconds ahead).
 *
 * @param dir - a scratch folder
 * @param now - the test's clock (ms)
 */
export async function writeUpgradeDataset(dir: string, now: number): Promise<string> {
  const timed = (n: number) =>
    plainEquipment(`eq_up_timed_${n}`, "et_up", n + 2, {
      schedules: [
        {
          schedule_id: "sch_timed",
          lastCompletedOn: now - 10 * day,
          expiringOn: now + day,
          expiresOn: now + 2 * day,
        },
      ],
    });
  const dataset = {
    accounts: [{ id: "acc_up", name: "Upgraded" }],
    tokens: [{ token: upgradeTokens.write, account_id: "acc_up", permissions: ["read", "write"] }],
    users: [{ id: "u_up", account_id: "acc_up", name: "Inspector" }],
    equipmentTypes: [{ id: "et_up", account_id: "acc_up", name: "Harness", metafields: [] }],
    equipments: [
      plainEquipment("eq_up_inspected", "et_up", 1, {
        schedules: [
          {
            schedule_id: "sch_monthly",
            lastCompletedOn: now - 60 * day,
            expiringOn: now - 35 * day,
            expiresOn: now - 30 * day,
            interval: "P1M",
            warning: "P5D",
          },
        ],
      }),
      ...[1, 2, 3].map(timed),
    ],
  };
  const file = join(dir, "upgrade-dataset.json");
  await writeFile(file, JSON.stringify(dataset));
  return file;
}

/** A webhook receiver on 127.0.0.1 that keeps the `webhook-id` of every delivery and answers 204. */
export async function startReceiver(): Promise<{ url: string; ids: string[]; close(): Promise<void> }> {
  const ids: string[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      ids.push(String(request.headers["webhook-id"]));
      response.writeHead(204).end();
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    ids,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** A `/v1` call by POST, answering the body. */
export async function call(baseUrl: string, method: string, data: object): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}/v1/${method}`, { method: "POST", body: JSON.stringify(data) });
  return (await response.json()) as Record<string, unknown>;
}

/** `GET /readyz`: its status and body. */
export async function readiness(baseUrl: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}/readyz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The JSON log lines a server wrote so far. */
export function logLines(output: string): Record<string, unknown>[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
