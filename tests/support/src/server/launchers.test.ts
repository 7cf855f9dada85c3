import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScratchDirectory } from "../databases/createScratchDirectory.js";
import { thrown } from "../helpers/thrown.js";
import { createFakeServerDirectory } from "../testing/createFakeServerDirectory.js";
import { launchServer } from "./launchServer.js";
import { loadServer } from "./loadServer.js";
import { runWsafe } from "./runWsafe.js";
import { serveCli } from "./serveCli.js";
import { serverNodeOptions } from "./serverNodeOptions.js";
import { startServerProcess } from "./startServerProcess.js";

let fake: ScratchDirectory;
beforeAll(async () => {
  fake = await createFakeServerDirectory();
});
afterAll(() => fake.remove());

const answer = async (url: string) => (await fetch(url)).json();
const nodeOptionsOf = async (url: string) => (await fetch(url)).headers.get("x-exec-argv");

describe(startServerProcess, () => {
  it("resolves with the URL of the readiness line and stops the process", async () => {
    const server = await startServerProcess([
      "-e",
      "console.log('listening on http://127.0.0.1:1234'); setInterval(() => {}, 1000)",
    ]);
    expect([server.url, server.port]).toEqual(["http://127.0.0.1:1234", 1234]);
    expect(await server.stop()).toBe("SIGTERM");
  });

  it("rejects with what the process printed when it exits before it is ready", async () => {
    const error = await thrown(startServerProcess(["-e", "console.error('no database'); process.exit(3)"]));
    expect(String(error)).toMatch(/exited \(3\) before it was ready:\nno database/);
  });
});

describe(serveCli, () => {
  it("runs `wsafe serve` with the arguments", async () => {
    const server = await serveCli(["--port", "0"], { serverDirectory: fake.path });
    expect(await answer(server.url)).toEqual({ port: 0, args: ["serve", "--port", "0"] });
    expect(await nodeOptionsOf(server.url)).toBe(serverNodeOptions.join(" "));
    expect(await server.stop()).toBe(0);
  });
});

describe(launchServer, () => {
  it("runs startServer with the options in a child process", async () => {
    const server = await launchServer({ port: 0, logger: false }, { serverDirectory: fake.path });
    expect(await answer(server.url)).toEqual({ port: 0, logger: false });
    expect(await nodeOptionsOf(server.url)).toBe(serverNodeOptions.join(" "));
    expect(server.child.pid).not.toBe(process.pid);
    expect(await server.stop()).toBe(0);
  });
});

describe(loadServer, () => {
  it("imports the built server into this process", async () => {
    const { server } = await loadServer("this test", fake.path);
    const running = await server!.startServer({ port: 0 });
    expect(await answer(running.url)).toEqual({ port: 0 });
    await running.close();
  });

  it("says why the suite skips when the server is not built", async () => {
    expect((await loadServer("this test", `${fake.path}/nowhere`)).skipped).toMatch(/is not built/);
  });
});

describe("startServerProcess, with any program", () => {
  it("counts a program without a readiness pattern as started at once, and stops it though its child holds the output", async () => {
    const server = await startServerProcess(["-c", "sleep 5"], {
      command: "/bin/sh",
      readyPattern: null,
      name: "sleeper",
    });
    expect([server.name, server.url, server.running()]).toEqual(["sleeper", "", true]);
    expect(await server.stop("SIGTERM", 1000)).toBe("SIGTERM");
    expect(server.running()).toBe(false);
  });

  // npx and npm exec do not pass SIGTERM on: the server they run would outlive them.
  it("stops the whole group of a wrapper that does not pass signals on, when asked to", async () => {
    const wrapper = `${process.execPath} -e 'console.log("listening on http://127.0.0.1:1 pid " + process.pid); setInterval(() => {}, 1000)'; echo done`;
    // Running, not a zombie that init has yet to reap: `ps` would still list that one.
    const alive = (pid: number) => {
      try {
        return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
      } catch {
        return false;
      }
    };
    const server = await startServerProcess(["-c", wrapper], {
      command: "/bin/sh",
      group: true,
      readyPattern: /listening on (\S+) pid (\d+)/,
    });
    const inner = Number(server.ready![2]);
    expect(alive(inner)).toBe(true);
    await server.stop("SIGTERM", 5000);
    expect(alive(inner)).toBe(false);
  });

  it("says a program that cannot be started exited before it was ready", async () => {
    const error = await thrown(startServerProcess([], { command: "/nonexistent/server" }));
    expect(String(error)).toMatch(/server exited \(-2\) before it was ready:\n.*ENOENT/s);
  });
});

describe(runWsafe, () => {
  it("resolves with the exit code and what the command printed, also when it fails", async () => {
    const failed = await runWsafe(["serve", "--fail"], { serverDirectory: fake.path });
    expect(failed).toEqual({
      code: 2,
      stdout: "",
      stderr: "refused: --fail\n",
      output: "refused: --fail\n",
    });
  });

  it("starts every `wsafe` process with the server's Node options (--liftoff-only)", async () => {
    expect(serverNodeOptions).toEqual(["--liftoff-only"]);
    const run = await runWsafe(["--exec-argv"], { serverDirectory: fake.path });
    expect(run.stdout).toBe("--liftoff-only\n");
  });
});
