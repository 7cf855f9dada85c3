#!/usr/bin/env node
// Renders a stored run again - table, latest.md, charts - without measuring anything:
// `node bench/render.mjs [bench/results/latest.json]`. For changing how results look.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { writeOutputs } from "./lib/writeOutputs.mjs";

const file = resolve(process.argv[2] ?? new URL("results/latest.json", import.meta.url).pathname);
const run = JSON.parse(readFileSync(file, "utf8"));
writeOutputs(run, dirname(file), { dated: false });
