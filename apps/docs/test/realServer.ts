// Starts a real @wsafe/server (in memory, demo data, plain HTTP, serving the built site
// at `/` as `npm start` does) in a child process, through the shared launcher of
// @wsafe/test-support. Its start (store, migrations, demo
// import) keeps a CPU busy for many seconds; in a process of its own it runs beside the
// other browser tests instead of stalling them.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { launchServer, serverDirectory } from "@wsafe/test-support";
import { distDir } from "./builtSite.js";

/** A running server. */
export interface RealServer {
  url: string;
  close(): Promise<void>;
}

/** The server, or why there is none (not built, failed to start). */
export async function startRealServer(): Promise<RealServer | string> {
  const entry = join(serverDirectory(), "dist", "index.js");
  if (!existsSync(entry)) return `@wsafe/server cannot be used: ${entry} is not built`;
  try {
    const server = await launchServer({
      port: 0,
      database: "memory://",
      demo: true,
      http: true,
      docsDir: distDir,
    });
    return { url: server.url, close: async () => void (await server.stop()) };
  } catch (error) {
    return `@wsafe/server did not start: ${(error as Error).message.split("\n").slice(0, 4).join(" ")}`;
  }
}
