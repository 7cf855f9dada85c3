import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ApiError } from "../errors/ApiError.js";
import { writeCursor } from "./pageCursor.js";
import { nextCursor, readPageRequest, type WalkRequest } from "./readPageRequest.js";

const secret = randomBytes(32);
const spec: WalkRequest = {
  method: "equipments.list",
  accountId: "acc_1",
  filters: "f",
  requestedInstant: undefined,
  now: 5_000,
  hasInstant: true,
};
const refused = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? error.error : error;
  }
  return undefined;
};

describe(readPageRequest, () => {
  it("asks for the whole list without limit and cursor", () => {
    expect(readPageRequest({}, spec, secret)).toBeUndefined();
  });

  it("starts a walk at the request's instant, or at as_of", () => {
    expect(readPageRequest({ limit: 3 }, spec, secret)).toMatchObject({
      after: undefined,
      limit: 3,
      walk: { instant: 5_000 },
    });
    const asOf = readPageRequest({ limit: 3 }, { ...spec, requestedInstant: 42 }, secret);
    expect(asOf?.walk.instant).toBe(42);
    expect(
      readPageRequest({ limit: 3 }, { ...spec, hasInstant: false }, secret)?.walk.instant,
    ).toBeUndefined();
  });

  it("goes on where the cursor says, at the walk's instant and page size", () => {
    const first = readPageRequest({ limit: 3 }, spec, secret)!;
    const cursor = nextCursor(first, ["10", "e_3"], secret);
    const later = readPageRequest({ cursor }, { ...spec, now: 9_999 }, secret);
    expect(later).toEqual({ after: ["10", "e_3"], limit: 3, walk: first.walk });
    expect(readPageRequest({ cursor, limit: 7 }, spec, secret)?.limit).toBe(7);
  });

  it("refuses the cursor of another method, account, filters or instant", () => {
    const walk = { method: spec.method, accountId: "acc_1", filters: "f", instant: 5_000, limit: 3 };
    const cursor = writeCursor(secret, { ...walk, after: ["1", "a"] });
    expect(() => readPageRequest({ cursor }, { ...spec, method: "resources.list" }, secret)).toThrow(
      expect.objectContaining({
        error: "parameter_invalid",
        description: "invalid parameter: cursor: not a cursor of this walk",
      }),
    );
    expect(refused(() => readPageRequest({ cursor }, { ...spec, accountId: "acc_2" }, secret))).toBe(
      "parameter_invalid",
    );
    expect(refused(() => readPageRequest({ cursor }, { ...spec, filters: "g" }, secret))).toBe(
      "parameter_invalid",
    );
    expect(refused(() => readPageRequest({ cursor }, { ...spec, requestedInstant: 4_999 }, secret))).toBe(
      "parameter_invalid",
    );
    expect(
      refused(() => readPageRequest({ cursor }, { ...spec, requestedInstant: 5_000 }, secret)),
    ).toBeUndefined();
  });
});

describe(nextCursor, () => {
  it("is empty after the last page", () => {
    expect(nextCursor(readPageRequest({ limit: 1 }, spec, secret)!, undefined, secret)).toBe("");
  });
});
