// Build step: writes dist/build.json, what the build knows about itself (see
// deriveBuildInfo): whether changesets were pending, and the git commit. turbo rebuilds
// the server when a changeset comes or goes (turbo.json); a build replayed from its cache
// names the commit it was first made at, whose server and schema sources were the same.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { versionLabel } from "./buildVersion.js";
import { deriveBuildInfo } from "./deriveBuildInfo.js";
import { packageVersion } from "./packageVersion.js";

const info = deriveBuildInfo(fileURLToPath(new URL("../..", import.meta.url)), packageVersion());
writeFileSync(new URL("../build.json", import.meta.url), `${JSON.stringify(info, null, 2)}\n`);
console.log(`@wsafe/server: wrote dist/build.json (${versionLabel(info)})`);
