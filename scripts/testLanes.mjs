// Which checks of `npm test` run side by side. On the 2 cores of the machines the suite
// runs on, one suite at a time leaves a core idle most of the time (vitest runs one
// file at a time there, and the system suites wait on child processes, npm and
// registries), while two suites that each start servers, databases and load on the same
// ports or timings must not meet. So the checks run in two lanes, each one check at a
// time, the two lanes side by side:
//
// - the system lane holds the suites that start a topology, a registry or a tool that
//   wants a core (deployment, operate, release, ecosystem, reliability, the packaging
//   test): one at a time, as their own configs say, each beside a package suite only;
// - the package lane holds every package's own suite, the lint, the contract gate and
//   the quick benchmarks, one at a time too. A check that no lane names (a new package)
//   goes to the package lane: nothing is ever left out.
//
// Within a lane the longest come first, so the two lanes end together. The figures are
// the minutes each took on 2 idle cores with the other lane busy (README, "Tests").

/** The system lane, in order: the packaging suite before the release suite, which takes its fresh install over. */
export const systemLane = [
  "@wsafe/pack-test#test",
  "@wsafe/release#test",
  "@wsafe/reliability#test",
  "@wsafe/ecosystem#test",
  "@wsafe/deployment#test",
  "@wsafe/operate#test",
  // The date-dependent suites again, the clock a year ahead: servers of their own, beside
  // a package suite like the rest of this lane.
  "@wsafe/clock-ahead#test",
];

/** The package lane, in order; checks no lane names are added at its end. */
export const packageLane = [
  "@wsafe/server#test",
  "@wsafe/schema#test",
  "@wsafe/docs#test",
  // Back in this lane since the server's suite halved (2026-11-29: its 13.7 min in a fresh
  // clone's run would be about 7); in the system lane it had evened a package lane of 28.
  "@wsafe/client#test",
  "@wsafe/conformance#test",
  "@wsafe/test-support#test",
  "@wsafe/contract-check#test",
  "@wsafe/structure-check#test",
  "@wsafe/bench#test",
  "//#lint",
  "@wsafe/contract-check#check",
  "@wsafe/bench#bench:quick",
];

/** The turbo tasks `npm test` runs after the builds: every package's `test`, and these. */
export const checkTasks = ["test", "lint", "check", "bench:quick"];

/**
 * Splits the checks turbo found into the two lanes, in the lanes' order; those no lane
 * names go at the end of the package lane.
 *
 * @param {string[]} found - turbo task ids (`@wsafe/server#test`, `//#lint`)
 * @returns {string[][]} the lanes
 */
export function intoLanes(found) {
  const present = new Set(found);
  const system = systemLane.filter((id) => present.has(id));
  const named = new Set([...systemLane, ...packageLane]);
  const packages = [...packageLane.filter((id) => present.has(id)), ...found.filter((id) => !named.has(id))];
  return [system, packages].filter((lane) => lane.length > 0);
}
