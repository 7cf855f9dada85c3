import { describe, expect, it } from "vitest";
import { classifyPeer } from "./peerConformance.mjs";

/** A kit report with `passed`, `failed`, `skipped` checks, the failures named. */
const report = (/** @type {number} */ passed, /** @type {number} */ failed, skipped = 0) => ({
  passed,
  failed,
  skipped,
  results: [
    ...Array.from({ length: failed }, (_, i) => ({
      suite: "resources.list",
      name: `check ${i + 1}`,
      status: "failed",
      message: `POST /v1/resources.list: reason ${i + 1}`,
    })),
  ],
});

describe("classifyPeer", () => {
  it("counts any server passing every check as doing the same work, and times it", () => {
    for (const role of /** @type {const} */ (["contract", "floor", "subject"])) {
      expect(classifyPeer({ role, report: report(26, 0, 1) })).toEqual({
        kind: "checked",
        timed: true,
        summary: "does the contract's work: passes 26 of 27 checks of resources.list, 1 skipped",
      });
    }
  });

  it("does not time a contract peer that fails a check, and says which failed first", () => {
    expect(classifyPeer({ role: "contract", report: report(25, 2) })).toEqual({
      kind: "failing",
      timed: false,
      summary:
        "FAILS, not timed as a peer: fails 2 of 27 checks of resources.list (first: check 1: POST /v1/resources.list: reason 1)",
    });
  });

  it("times a floor that fails the checks, as a floor that does less", () => {
    expect(classifyPeer({ role: "floor", report: report(1, 26) })).toMatchObject({
      kind: "floor",
      timed: true,
      summary: expect.stringMatching(/^a floor that does less: fails 26 of 27 checks/),
    });
  });

  it("still times wsafe when it fails, but prints the failure", () => {
    expect(classifyPeer({ role: "subject", report: report(26, 1) })).toMatchObject({
      kind: "failing",
      timed: true,
      summary: expect.stringMatching(/^FAILS: fails 1 of 27/),
    });
  });

  it("keeps a long first failure to one readable line", () => {
    const long = report(0, 1);
    long.results[0].message = "x".repeat(500);
    const { summary } = classifyPeer({ role: "floor", report: long });
    expect(summary.length).toBeLessThan(260);
    expect(summary).toMatch(/\.\.\.\)$/);
  });

  it("treats a kit that could not run as a failure of a contract peer, not as a pass", () => {
    expect(classifyPeer({ role: "contract", error: "fetch failed" })).toEqual({
      kind: "failing",
      timed: false,
      summary: "the conformance kit could not run: fetch failed",
    });
    expect(classifyPeer({ role: "floor", error: "fetch failed" })).toMatchObject({
      kind: "floor",
      timed: true,
    });
    // No check passed is no evidence of the same work.
    expect(classifyPeer({ role: "contract", report: report(0, 0, 27) })).toMatchObject({
      kind: "failing",
      timed: false,
    });
  });
});
