#!/usr/bin/env node
// Microseconds of CPU per request by part of a server, from `perf record -g` of a Node
// process started with `--perf-basic-prof` (see "Why goals are still missed" in the
// README for the whole recipe):
//   perf script -i perf.data > perf.txt
//   node bench/perf-summary.mjs perf.txt REQUESTS [--by=function] [--top=N]
import { readFileSync } from "node:fs";
import { parsePerfScript, perRequest } from "./lib/perfAttribution.mjs";

const args = process.argv.slice(2);
const [file, requestsArg] = args.filter((arg) => !arg.startsWith("--"));
const by = args.includes("--by=function") ? "function" : "place";
const top = Number(/--top=(\d+)/.exec(args.join(" "))?.[1] ?? 30);
const requests = Number(requestsArg);
if (!file || !(requests > 0)) {
  console.error("usage: node bench/perf-summary.mjs PERF_SCRIPT_OUTPUT REQUESTS [--by=function] [--top=N]");
  process.exit(2);
}
const parts = perRequest(parsePerfScript(readFileSync(file, "utf8")), requests, by);
const total = parts.reduce((sum, { micros }) => sum + micros, 0);
console.log(`${total.toFixed(1).padStart(7)} µs per request in all (${requests} requests)`);
for (const { part, micros } of parts.slice(0, top)) console.log(`${micros.toFixed(2).padStart(7)}  ${part}`);
