#!/usr/bin/env node
// `npm run release:v1`: the first stable release, 0.x → 1.0.0 of the same /v1 contract,
// in one step. It adds a major changeset for the fixed group (every published package,
// so that each changelog opens 1.0.0 with the same note), then runs the usual
// `npm run version-packages` (changeset version, then the gate's --accept). What is
// left is to review and commit the result. It refuses once the packages are 1.x: from
// then on a major release is the move to /v2 (see the README's version policy).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { root } from "./toolchain.mjs";

const config = JSON.parse(readFileSync(join(root, ".changeset", "config.json"), "utf8"));
const group = config.fixed.find((names) => names.includes("@wsafe/schema"));
// Where each package of the group lives, read from the workspace's manifests.
const manifests = ["packages", "apps"]
  .flatMap((folder) => readdirSync(join(root, folder)).map((dir) => join(root, folder, dir, "package.json")))
  .filter((file) => existsSync(file));
const manifestOf = Object.fromEntries(
  manifests.map((file) => [JSON.parse(readFileSync(file, "utf8")).name, file]),
);
const versionOf = (name) => JSON.parse(readFileSync(manifestOf[name], "utf8")).version;

const before = Object.fromEntries(group.map((name) => [name, versionOf(name)]));
const released = Object.entries(before).filter(([, version]) => !version.startsWith("0."));
if (released.length) {
  console.error(
    `release:v1: ${released.map(([name, version]) => `${name} is ${version}`).join(", ")}: 1.0.0 is behind us. Release with \`npm run changeset\` and \`npm run version-packages\`.`,
  );
  process.exit(1);
}

const file = join(root, ".changeset", "release-v1.md");
if (!existsSync(file)) {
  writeFileSync(
    file,
    `---\n${group.map((name) => `"${name}": major`).join("\n")}\n---\n\n` +
      "First stable release of the `/v1` contract. From this version on the packages follow the version policy (README, *Version policy*; docs site, *Versions and releases*): the 1.x line serves `/v1` and never breaks it, additive changes (a method, a parameter, a field, a flag, an environment variable, a metric) are minor releases, fixes are patches, and a breaking change is a new line, `/v2`, released as 2.0.0.\n",
  );
}
const versioned = spawnSync("npm", ["run", "version-packages"], { cwd: root, stdio: "inherit" });
if (versioned.status !== 0) process.exit(versioned.status ?? 1);

const after = Object.fromEntries(group.map((name) => [name, versionOf(name)]));
const wrong = Object.entries(after).filter(([, version]) => version !== "1.0.0");
const changelogs = group.filter((name) => existsSync(join(dirname(manifestOf[name]), "CHANGELOG.md")));
for (const name of group) console.log(`release:v1: ${name} ${before[name]} → ${after[name]}`);
if (wrong.length || changelogs.length !== group.length) {
  console.error("release:v1: expected every package at 1.0.0 with a CHANGELOG.md; look at the output above");
  process.exit(1);
}
console.log(
  "release:v1: every package is 1.0.0 with its CHANGELOG.md, and the contract and command-line snapshots are accepted. Review, commit, then `npm run release` to publish.",
);
