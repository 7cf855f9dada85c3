#!/usr/bin/env node
// Summarises a V8 CPU profile (`--cpu-prof`, see `node bench/run.mjs --cpu-prof`):
// self time by function and by package, so a missed goal can name its cause.
//   node bench/profile-summary.mjs FILE.cpuprofile [top]
import { readFileSync } from "node:fs";
import { codePlace as place } from "./lib/codePlace.mjs";

const [file, topArg] = process.argv.slice(2);
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8"));
/** @type {Map<number, any>} */
const nodes = new Map(profile.nodes.map((/** @type {any} */ n) => [n.id, n]));
/** @type {Map<number, number>} */
const selfMicros = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);

/** @type {Map<string, number>} */
const byFunction = new Map();
/** @type {Map<string, number>} */
const byPlace = new Map();
for (const [id, micros] of selfMicros) {
  const { callFrame } = nodes.get(id);
  const where = place(callFrame.url);
  const name = `${callFrame.functionName || "(anonymous)"}  ${where}:${callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  byPlace.set(where, (byPlace.get(where) ?? 0) + micros);
}
const show = (/** @type {string} */ title, /** @type {Map<string, number>} */ map) => {
  console.log(`\n${title} (self time, ${(total / 1e6).toFixed(2)} s sampled)`);
  for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * micros) / total).toFixed(1).padStart(5)} %  ${name}`);
  }
};
show("by package or file", byPlace);
show("by function", byFunction);
