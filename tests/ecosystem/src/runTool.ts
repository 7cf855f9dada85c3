import { execFile } from "node:child_process";

/** What a finished command said. */
export interface ToolRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end and resolves with its exit code and output, whatever the
 * code: the tests read the findings, which a failing exit code also carries.
 *
 * @param command - the executable
 * @param args - its arguments
 * @param options - working directory and extra environment
 */
export function runTool(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd,
        // No colours and no update checks: the output is read, not watched.
        env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", REDOCLY_TELEMETRY: "off", ...options.env },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number") reject(error);
        else resolve({ code: typeof error?.code === "number" ? error.code : 0, stdout, stderr });
      },
    );
  });
}
