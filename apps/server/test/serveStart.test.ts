// How `wsafe serve` starts, or fails to, as an operator meets it the first time: a taken
// port, a start that fails after the store was made, and what its log says once up.
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import {
  createScratchDirectory,
  freePort,
  runWsafe,
  type ScratchDirectory,
  type ServerProcess,
  serveCli,
} from "@wsafe/test-support";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { demoTokens } from "../src/demo/demoTokens.js";
import { callApi, callMethod } from "./support/callApi.js";

// Every case is a new Node process opening a store: give them room on busy machines.
vi.setConfig({ testTimeout: 180_000 });

/** Another program holding a port, as the operator's other server would. */
async function holdPort(): Promise<{ port: number; server: Server }> {
  const port = await freePort();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { port, server };
}

describe("wsafe serve starting", () => {
  let dir: ScratchDirectory;
  const held: Server[] = [];
  const started: ServerProcess[] = [];
  beforeEach(async () => {
    dir = await createScratchDirectory("start");
  });
  afterEach(async () => {
    for (const serve of started.splice(0)) if (serve.running()) await serve.stop("SIGKILL");
    for (const server of held.splice(0)) server.close();
    await dir.remove();
  });

  it("fails at once on a taken port, says which flag picks another, and creates nothing", async () => {
    const { port, server } = await holdPort();
    held.push(server);
    const result = await runWsafe(["serve", "--demo", "--port", String(port), "--database", "new/data"], {
      cwd: dir.path,
    });
    expect(result.stderr).toBe(
      `wsafe: cannot start: port ${port} on 127.0.0.1 is in use: stop what uses it or choose another with --port\n`,
    );
    expect(result.code).toBe(1);
    // It used to open and migrate a new 39 MB store first (5 s and more), then leave it
    // behind: nothing made shows the port was looked at first (no timing asserted).
    expect(await readdir(dir.path)).toEqual([]);
  });

  it("names --metrics-port when that is the taken one", async () => {
    const { port, server } = await holdPort();
    held.push(server);
    const result = await runWsafe(["serve", "--port", "0", "--metrics-port", String(port)], {
      cwd: dir.path,
    });
    expect(result.stderr).toBe(
      `wsafe: cannot start: port ${port} on 127.0.0.1 is in use: stop what uses it or choose another with --metrics-port\n`,
    );
    expect(await readdir(dir.path)).toEqual([]);
  });

  it("removes the store and certificate it made when it cannot start, and keeps what was there", async () => {
    await mkdir(join(dir.path, "kept"));
    await writeFile(join(dir.path, "kept", "notes.txt"), "mine");
    // Redis refuses the connection once the store is open and migrated.
    const result = await runWsafe(
      ["serve", "--port", "0", "--database", "kept/new/data", "--redis", "redis://127.0.0.1:1"],
      { cwd: dir.path },
    );
    expect(result.code).toBe(1);
    // After the line saying where the self-signed certificate is: stderr is for people.
    expect(result.stderr).toMatch(/^wsafe: cannot start: /m);
    expect(await readdir(dir.path)).toEqual(["kept"]);
    expect(await readdir(join(dir.path, "kept"))).toEqual(["notes.txt"]);
  });

  it("logs the scheme it serves, and docs requests only at debug", async () => {
    const docs = join(dir.path, "docs");
    await mkdir(join(docs, "_astro"), { recursive: true });
    await writeFile(join(docs, "index.html"), "<!doctype html><title>docs</title>");
    await writeFile(join(docs, "_astro", "site.css"), "body{}");
    const serve = await serveCli(["--port", "0", "--database", "memory://", "--demo", "--docs-dir", docs], {
      cwd: dir.path,
    });
    started.push(serve);
    for (const path of ["/", "/_astro/site.css", "/"])
      expect((await callApi(serve.url, path, { method: "GET" })).status).toBe(200);
    const answer = await callMethod(serve.url, "POST", "users.info", {
      token: demoTokens.read,
      user: "u_ada",
    });
    expect(answer.body.ok).toBe(true);
    expect(await serve.stop("SIGTERM")).toBe(0);
    const log = serve
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg: string; outcome?: string; method?: string });
    // Fastify's own line said http:// while the server served HTTPS.
    expect(log.map((line) => line.msg)).toContain(`Server listening at ${serve.url}`);
    expect(serve.output()).not.toContain("http://127.0.0.1");
    expect(log.filter((line) => line.outcome === "docs")).toEqual([]);
    expect(log).toContainEqual(
      expect.objectContaining({ msg: "request", method: "users.info", outcome: "ok" }),
    );
  });
});
