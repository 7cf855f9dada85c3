/**
 * The instant the registry's examples are answers at: each response is what the demo
 * server (`wsafe serve --demo`, as `npm start` runs it) answers when its data is dated
 * around this instant, and `test/examples.test.ts` sends every example to such a server
 * and compares. A real demo dates its data around the moment it first imports it, so
 * its timestamps are shifted by the difference; ids, names and the statuses on the day
 * of the import are the same.
 *
 * @example
 * createDemoDataset({ now: exampleInstant }); // the data the examples were answered from
 */
export const exampleInstant = Date.UTC(2026, 11, 1);

/** {@link exampleInstant} as the pages name it: `1 December 2026`. */
export const exampleDay = new Date(exampleInstant).toLocaleDateString("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
