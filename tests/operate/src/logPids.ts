/**
 * The process ids of the JSON log lines (pino's `pid`) whose `msg` starts with `message`,
 * in order of first appearance: with `--workers`, which worker did what.
 *
 * @param output - what the server printed
 * @param message - e.g. `"Server listening at"` or `"request"`
 */
export function logPids(output: string, message: string): number[] {
  const pids: number[] = [];
  for (const line of output.split("\n")) {
    if (!line.startsWith("{")) continue;
    let entry: { pid?: number; msg?: string };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (entry.pid !== undefined && entry.msg?.startsWith(message) && !pids.includes(entry.pid))
      pids.push(entry.pid);
  }
  return pids;
}
