import { type ChildProcess, spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { freePort } from "@wsafe/test-support";

/** A Prometheus server started for one test. */
export interface PrometheusProcess {
  /** e.g. `http://127.0.0.1:40123` */
  url: string;
  child: ChildProcess;
  output(): string;
  /** Runs an instant query through the HTTP API and returns its result vector. */
  query(expression: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]>;
  stop(): Promise<void>;
}

/**
 * Starts Debian's Prometheus on 127.0.0.1 with a configuration written to `directory`:
 * one job, `wsafe`, scraping `targets` every second, its data kept in `directory` too.
 * Resolves once Prometheus says it is ready.
 *
 * @param prometheus - the `prometheus` binary
 * @param directory - a scratch directory for the configuration and the data
 * @param targets - `host:port` of each `/metrics` listener to scrape
 */
export async function startPrometheus(
  prometheus: string,
  directory: string,
  targets: readonly string[],
): Promise<PrometheusProcess> {
  const config = join(directory, "prometheus.yml");
  await writeFile(
    config,
    [
      "global:",
      "  scrape_interval: 1s",
      "  scrape_timeout: 1s",
      "scrape_configs:",
      "  - job_name: wsafe",
      "    static_configs:",
      `      - targets: [${targets.map((target) => JSON.stringify(target)).join(", ")}]`,
      "",
    ].join("\n"),
  );
  const port = await freePort();
  const child = spawn(
    prometheus,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(directory, "data")}`,
      `--web.listen-address=127.0.0.1:${port}`,
      "--log.level=warn",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const chunks: Buffer[] = [];
  child.stdout!.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr!.on("data", (chunk: Buffer) => chunks.push(chunk));
  const output = () => Buffer.concat(chunks).toString("utf8");
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited (${child.exitCode}):\n${output()}`);
    const ready = await fetch(`${url}/-/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`prometheus not ready in 60 s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    output,
    async query(expression) {
      const response = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expression)}`);
      const body = (await response.json()) as {
        status: string;
        data: { result: { metric: Record<string, string>; value: [number, string] }[] };
      };
      if (body.status !== "success") throw new Error(`query ${expression} failed: ${JSON.stringify(body)}`);
      return body.data.result;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
