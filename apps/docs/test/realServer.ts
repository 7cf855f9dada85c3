// Starts a real @wsafe/server (demo data on a copy of the demo template store, plain
// HTTP, serving the built site at `/` as `npm start` does) in a child process, through
// the shared launcher of @wsafe/test-support. Its start keeps a CPU busy for seconds; in
// a process of its own it runs beside the other browser tests instead of stalling them.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createPgliteDatabase, launchServer, serverDirectory } from "@wsafe/test-support";
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
  const db = await createPgliteDatabase("docs", { template: "demo" });
  try {
    const server = await launchServer({
      port: 0,
      database: db.database,
      demo: true,
      http: true,
      docsDir: distDir,
    });
    return {
      url: server.url,
      close: async () => {
        await server.stop();
        await db.drop();
      },
    };
  } catch (error) {
    await db.drop();
    return `@wsafe/server did not start: ${(error as Error).message.split("\n").slice(0, 4).join(" ")}`;
  }
}
