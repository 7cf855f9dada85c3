/**
 * The part of `@wsafe/server` the client's tests start, typed here so that they compile
 * while the server is not built; the suites that need it skip, loudly, until it is.
 */
export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** `startServer` of `@wsafe/server`, as far as these tests use it. */
export interface ServerModule {
  startServer(options: {
    port: number;
    database: string;
    demo: boolean;
    http?: boolean;
    rateLimit?: { points: number; durationSeconds: number };
  }): Promise<RunningServer>;
}

/**
 * Imports the built server, or says why it cannot.
 *
 * @returns the module, or the import's error when `@wsafe/server` is not built
 */
export async function importServer(): Promise<{ server?: ServerModule; error?: unknown }> {
  // A variable specifier, so that neither tsc nor the type tests need the server built.
  const serverPackage = "@wsafe/server";
  try {
    return { server: (await import(serverPackage)) as ServerModule };
  } catch (error) {
    return { error };
  }
}
