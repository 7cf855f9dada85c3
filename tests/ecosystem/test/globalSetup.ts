import type { TestProject } from "vitest/node";
import { startDemoServer } from "../src/startDemoServer.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The base URL of the `wsafe serve --demo` every file talks to. */
    serverUrl: string;
  }
}

/** Starts one demo server for every file of the run, and stops it at the end. */
export default async function setup(project: TestProject) {
  const server = await startDemoServer();
  project.provide("serverUrl", server.url);
  return () => server.stop();
}
