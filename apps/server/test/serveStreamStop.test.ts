// `wsafe serve` stopped by SIGTERM while an events.stream is open, on the embedded store,
// on PostgreSQL, and with `--workers 2`: the stream ends at once without tRPC's `return`
// message (so a client resumes), and the process exits 0 well before its deadline.
// Before, the stream held the stop for all of `--shutdown-timeout`, then the process
// cut it and exited 1 with an error line.
import {
  type ScratchDatabase,
  type ServerProcess,
  seedDatabase,
  serveCli,
  testStores,
} from "@wsafe/test-support";
import { request } from "undici";
import { afterAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import { openStore } from "../src/store/openStore.js";
import { soonDataset, soonToken } from "./support/soonDataset.js";

const cases = [
  { ...testStores[0], label: "one process on PGlite", workers: 1 },
  { ...testStores[1], label: "one process on PostgreSQL", workers: 1 },
  { ...testStores[1], label: "--workers 2 on PostgreSQL", workers: 2 },
];

/** Reads `events.stream` as raw Server-Sent Events: everything the server sent, and when it ended. */
function openStream(url: string, token: string) {
  const input = encodeURIComponent(JSON.stringify({ token }));
  const state = { text: "" };
  const ended = (async () => {
    const response = await request(`${url}/trpc/events.stream?input=${input}`);
    for await (const chunk of response.body) state.text += String(chunk);
  })();
  return { state, ended };
}

describe.each(cases)("SIGTERM with a stream open: $label", ({ skip, create, workers }) => {
  let db: ScratchDatabase | undefined;
  let serve: ServerProcess | undefined;
  afterAll(async () => {
    await serve?.stop("SIGKILL");
    await db?.drop();
  });

  it.skipIf(skip)(
    "ends the stream at once and exits 0",
    async () => {
      db = await create();
      // Statuses that change hours from now: the stream stays open and quiet.
      await seedDatabase(
        { openStore, importDataset },
        db.database,
        soonDataset(1, Date.now() + 3_600_000, Date.now() + 7_200_000),
      );
      serve = await serveCli(
        [
          "--http",
          "--port",
          "0",
          "--database",
          db.database,
          "--shutdown-timeout",
          "20",
          ...(workers > 1 ? ["--workers", String(workers)] : []),
        ],
        { timeoutMs: 90_000 },
      );
      const stream = openStream(serve.url, soonToken(0));
      const deadline = Date.now() + 15_000;
      while (!stream.state.text.includes("event: connected")) {
        if (Date.now() > deadline) throw new Error(`the stream did not open:\n${serve.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const signalled = performance.now();
      serve.child.kill("SIGTERM");
      expect(await serve.exited, serve.output()).toBe(0);
      expect(performance.now() - signalled).toBeLessThan(20_000);
      await stream.ended;
      // Ended without tRPC's `return`: a client reconnects and resumes after its last id.
      expect(stream.state.text).not.toContain("event: return");
      expect(serve.output()).not.toContain("stop deadline");
    },
    150_000,
  );
});
