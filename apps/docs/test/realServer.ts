// Starts a real @wsafe/server (in memory, demo data, plain HTTP) in a child process.
// Its start (store, migrations, demo import) keeps a CPU busy for many seconds; in a
// process of its own it runs beside the other browser tests instead of stalling them.
import { spawn } from "node:child_process";
import { docsRoot } from "./builtSite.js";

/** A running server. */
export interface RealServer {
  url: string;
  close(): Promise<void>;
}

const script = `
const { startServer } = await import("@wsafe/server").catch((error) => {
  console.log("UNAVAILABLE " + String(error.message).split("\\n")[0]);
  process.exit(0);
});
if (typeof startServer !== "function") {
  console.log("UNAVAILABLE @wsafe/server does not export startServer");
  process.exit(0);
}
const server = await startServer({ port: 0, database: "memory://", demo: true, http: true });
console.log("READY " + server.url);
process.on("SIGTERM", () => server.close().then(() => process.exit(0)));
// The test process holds stdin open; if it dies without a SIGTERM, do not linger.
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
`;

/** The server, or why there is none (not built, no startServer, failed to start). */
export function startRealServer(): Promise<RealServer | string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      cwd: docsRoot,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    let errors = "";
    const exited = new Promise<void>((done) => child.once("exit", () => done()));
    child.stderr.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /^READY (\S+)$/m.exec(output);
      const unavailable = /^UNAVAILABLE (.*)$/m.exec(output);
      if (unavailable) resolve(`@wsafe/server cannot be used: ${unavailable[1]}`);
      if (ready) {
        resolve({
          url: ready[1]!,
          close: async () => {
            child.kill("SIGTERM");
            await exited;
          },
        });
      }
    });
    child.once("exit", (code) =>
      resolve(
        `@wsafe/server exited with code ${code} before it was ready: ${errors.trim().split("\n").slice(-3).join(" ")}`,
      ),
    );
  });
}
