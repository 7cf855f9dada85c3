import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createPgliteDatabase, type PgliteScratchDatabase } from "../databases/createPgliteDatabase.js";
import { thrown } from "../helpers/thrown.js";
import { startTestServer } from "./startTestServer.js";

// Each test makes a new embedded store (WebAssembly initdb and the migrations): seconds,
// and more than vitest's 5 s default on a loaded machine.
describe(startTestServer, { timeout: 60_000 }, () => {
  it("seeds a fresh database, starts on it, and stops the server before dropping it", async () => {
    const steps: string[] = [];
    let db: PgliteScratchDatabase | undefined;
    const t = await startTestServer({
      createDatabase: async () => (db = await createPgliteDatabase("lifecycle")),
      seed: async (database) => void steps.push(`seed ${database === db!.database}`),
      start: async (database) => {
        steps.push(`start ${database === db!.database}`);
        return { url: "https://127.0.0.1:1" };
      },
      stop: async () => steps.push(`stop, directory kept: ${existsSync(db!.directory)}`),
    });
    expect(t.url).toBe("https://127.0.0.1:1");
    await t.stop();
    expect(steps).toEqual(["seed true", "start true", "stop, directory kept: true"]);
    expect(existsSync(db!.directory)).toBe(false);
  });

  it("drops the database when the server does not start", async () => {
    let db: PgliteScratchDatabase | undefined;
    const error = await thrown(
      startTestServer({
        createDatabase: async () => (db = await createPgliteDatabase("lifecycle")),
        start: () => Promise.reject(new Error("port taken")),
        stop: async () => {},
      }),
    );
    expect(error).toEqual(new Error("port taken"));
    expect(existsSync(db!.directory)).toBe(false);
  });
});
