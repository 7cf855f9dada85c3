// `npm start` on a machine where the port is taken (an earlier `npm start` left running)
// must say so before anything else: it used to install and build first and fail 81 s
// later. The check is the first thing scripts/start.mjs does, so a copy of the scripts
// alone shows it: after it, the set-up would create `.tools/` and `node_modules/`.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shellEnvironment } from "./shellEnvironment.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
let copy: string;
let held: Server;
let port: number;

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), "wsafe-start-busy-"));
  cpSync(join(root, "scripts"), join(copy, "scripts"), { recursive: true });
  cpSync(join(root, "package.json"), join(copy, "package.json"));
  held = createServer();
  await new Promise<void>((resolve) => held.listen(0, "127.0.0.1", resolve));
  port = (held.address() as { port: number }).port;
});

afterAll(() => {
  held?.close();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe("npm start with its port taken", () => {
  it("says so before the set-up and the build, naming the flag that picks another", () => {
    // The timeout only bounds a run that would install instead (what it did before).
    const run = spawnSync(process.execPath, ["scripts/start.mjs", "--port", String(port)], {
      cwd: copy,
      env: shellEnvironment(),
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(run.stderr).toBe(
      `start: port ${port} on 127.0.0.1 is in use (an earlier \`npm start\` still running?): stop what uses it, or choose another with \`npm start -- --port ${port + 1}\`\n`,
    );
    expect(run.status).toBe(1);
    expect([existsSync(join(copy, ".tools")), existsSync(join(copy, "node_modules"))]).toEqual([
      false,
      false,
    ]);
  }, 180_000);

  it("reads the port from WSAFE_PORT too, as the server does", () => {
    const run = spawnSync(process.execPath, ["scripts/start.mjs"], {
      cwd: copy,
      env: { ...shellEnvironment(), WSAFE_PORT: String(port) },
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(run.stderr).toContain(`start: port ${port} on 127.0.0.1 is in use`);
    expect(run.status).toBe(1);
  }, 180_000);
});
