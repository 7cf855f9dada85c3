import { describe, expect, it } from "vitest";
import { createDemoResources } from "./createDemoResources.js";
import { createRandom } from "./createRandom.js";
import { DAY } from "./DAY.js";

const now = Date.UTC(2026, 10, 1);
const creators = ["u_ada", "1042"];

describe(createDemoResources, () => {
  it("makes eight resources of acc_demo, 17 days apart, then the other account's manual", () => {
    const resources = createDemoResources(createRandom(1), now, creators);
    expect(resources.map((r) => r.account_id)).toEqual([...Array(8).fill("acc_demo"), "acc_other"]);
    expect(resources[0]!.created).toBe(now - 900 * DAY);
    expect(resources[1]!.created - resources[0]!.created).toBe(17 * DAY);
    expect(resources[8]).toMatchObject({ id: "res_other_manual", sequence: 1, created: now - 900 * DAY });
  });

  it("gives one to four versions in turn, numbered 1.x then 2.x, written by the given users", () => {
    const resources = createDemoResources(createRandom(1), now, creators).slice(0, 8);
    expect(resources.map((r) => r.versions.length)).toEqual([1, 2, 3, 4, 1, 2, 3, 4]);
    expect(resources[3]!.versions.map((v) => v.version)).toEqual(["1.0", "1.1", "1.2", "2.0"]);
    for (const version of resources.flatMap((r) => r.versions)) {
      expect(creators).toContain(version.creator_id);
      expect(version.approvedOn - version.created).toBeGreaterThanOrEqual(DAY);
      expect(version.approvedOn - version.created).toBeLessThanOrEqual(5 * DAY);
    }
  });

  it("lets two resources share a sequence number, so that ordering by id shows", () => {
    const sequences = createDemoResources(createRandom(1), now, creators)
      .slice(0, 8)
      .map((r) => r.sequence);
    expect(sequences).toEqual([1, 2, 3, 3, 5, 6, 7, 8]);
  });

  it("draws two numbers per version from the generator", () => {
    const random = createRandom(3);
    createDemoResources(random, now, creators);
    const after = createRandom(3);
    for (let i = 0; i < 2 * (1 + 2 + 3 + 4) * 2; i++) after.next();
    expect(random.next()).toBe(after.next());
  });
});
