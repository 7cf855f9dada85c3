#!/usr/bin/env node
// `npm run pack -- --out <dir>`: builds the published packages and writes their
// installable tarballs into <dir>, then prints the `npm install` lines that use them.
// Until @wsafe/* are on a registry this is how another project installs them: a plain
// `npm pack` keeps `workspace:*` ranges, which npm refuses (`Unsupported URL Type
// "workspace:"`); `pnpm pack` resolves them, as publishing does. The packing itself is
// the packaging test's own (tools/pack-test), so the test installs what this writes.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureWorkspace, root, toolEnv } from "./toolchain.mjs";

const usage = "usage: npm run pack -- --out <dir>";
const args = process.argv.slice(2);
let out;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--out") out = args[++i];
  else if (args[i]?.startsWith("--out=")) out = args[i].slice("--out=".length);
  else if (args[i] === "--help" || args[i] === "-h") {
    console.log(usage);
    process.exit(0);
  } else {
    console.error(`pack: unknown argument ${args[i]}\n${usage}`);
    process.exit(2);
  }
}
if (!out) {
  console.error(`pack: say where the tarballs go\n${usage}`);
  process.exit(2);
}
// npm runs scripts from the root; a relative --out means the caller's directory.
// biome-ignore lint/suspicious/noUndeclaredEnvVars: npm's own variable, read by a root script that turbo never runs
const destination = resolve(process.env.INIT_CWD ?? process.cwd(), out);

ensureWorkspace();
// pnpm pack (run by the packing code) must find the pinned pnpm, as every root script does.
process.env.PATH = toolEnv().PATH;
const build = spawnSync(
  "turbo",
  ["run", "build", "--filter=@wsafe/pack-test...", "--output-logs=errors-only"],
  { cwd: root, env: process.env, stdio: ["ignore", "inherit", "inherit"] },
);
if (build.status !== 0) {
  console.error(`pack: the build failed (exit ${build.status ?? build.signal})`);
  process.exit(build.status || 1);
}

const { installCommand, packPublished, publishedPackages } = await import(
  pathToFileURL(join(root, "tools", "pack-test", "dist", "index.js")).href
);
const packed = packPublished(root, destination);
const tarballOf = new Map(packed.map((pkg) => [pkg.name, pkg.tarball]));

/** The tarballs `name` needs: its own and those of the @wsafe packages it depends on, dependencies first. */
function tarballsFor(name, seen = new Set()) {
  if (seen.has(name)) return [];
  seen.add(name);
  const { dir } = publishedPackages.find((pkg) => pkg.name === name);
  const { dependencies = {} } = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
  const needed = Object.keys(dependencies).filter((dependency) => tarballOf.has(dependency));
  return [...needed.flatMap((dependency) => tarballsFor(dependency, seen)), tarballOf.get(name)];
}

const lines = [
  ...packed.map(({ name }) => [name, tarballsFor(name)]),
  ["every package", packed.map((pkg) => pkg.tarball)],
];
const width = Math.max(...lines.map(([label]) => label.length)) + 1;
console.log(`pack: wrote ${packed.length} tarballs to ${destination}`);
for (const { name, tarball } of packed) console.log(`  ${tarball}  (${name})`);
console.log(
  "Until the packages are on a registry, install them from these files: in your project, run the line of the\n" +
    "package you want (it brings the @wsafe packages that one needs):",
);
for (const [label, tarballs] of lines)
  console.log(`  ${`${label}:`.padEnd(width)}  ${installCommand(tarballs)}`);
