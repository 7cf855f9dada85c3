import { describe, expect, it } from "vitest";
import * as root from "./index.js";

describe("@wsafe/client", () => {
  // The root export is what a consumer imports on day one; the error factories stay internal.
  it("exports exactly the client and its defaults, its error guards and codes, and the meta helpers", () => {
    expect(Object.keys(root).sort()).toEqual([
      "ErrorCode",
      "clientDefaults",
      "createClient",
      "getMeta",
      "isWsafeApiError",
      "isWsafeError",
      "responseMeta",
    ]);
  });
});
