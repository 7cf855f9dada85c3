import { describe, expect, it } from "vitest";
import { acknowledgeDifferences, parseAcknowledgements } from "./acknowledgeDifferences.js";
import { difference } from "./difference.js";

const added = difference(
  "method.error-added",
  '$.methods["a.b"].errors',
  "a.b may now answer token_permission",
);
const removed = difference("method.removed", '$.methods["c.d"]', "method c.d was removed");
const acknowledgement = {
  rule: added.rule,
  path: added.path,
  message: added.message,
  reason: "the server always answered it",
};

describe(acknowledgeDifferences, () => {
  it("accepts exactly the difference an acknowledgement names, with its reason", () => {
    expect(acknowledgeDifferences([added, removed], [acknowledgement])).toEqual({
      breaking: [removed],
      acknowledged: [{ ...added, reason: "the server always answered it" }],
      unmatched: [],
    });
  });

  it("accepts nothing on a near miss: another method, or another identifier", () => {
    const otherPath = { ...acknowledgement, path: '$.methods["x.y"].errors' };
    const otherMessage = { ...acknowledgement, message: "a.b may now answer content_not_found" };
    const result = acknowledgeDifferences([added], [otherPath, otherMessage]);
    expect(result.breaking).toEqual([added]);
    expect(result.acknowledged).toEqual([]);
    expect(result.unmatched).toEqual([otherPath, otherMessage]);
  });
});

describe(parseAcknowledgements, () => {
  it("reads an array of complete entries", () => {
    expect(parseAcknowledgements([acknowledgement])).toEqual([acknowledgement]);
  });

  it("refuses an entry without a reason, naming it", () => {
    expect(() => parseAcknowledgements([{ ...acknowledgement, reason: "" }])).toThrow(
      "acknowledgement 0: reason must be a non-empty string",
    );
    expect(() => parseAcknowledgements({})).toThrow("must be a JSON array");
  });
});
