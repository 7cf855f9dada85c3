import { describe, expect, it } from "vitest";
import { codePlace } from "./codePlace.mjs";

describe("codePlace", () => {
  it("names packages, Node's modules and our files", () => {
    const trpc = "file:///w/node_modules/.pnpm/@trpc+server@11/node_modules/@trpc/server/dist/x.mjs:332:29";
    expect(codePlace(trpc)).toBe("@trpc/server");
    expect(codePlace("file:///w/apps/server/dist/http/createApiLane.js:33:26")).toBe(
      "apps/server/dist/http/createApiLane.js",
    );
    expect(codePlace("file:///w/apps/server/dist/http/createApiLane.js")).toBe(
      "apps/server/dist/http/createApiLane.js",
    );
    expect(codePlace("")).toBe("(native / V8)");
  });

  it("keeps Node's modules together unless asked to set them apart", () => {
    expect(codePlace("node:internal/streams/writable:744:21")).toBe("node: internals");
    expect(codePlace("node:internal/streams/writable:744:21", { nodeModules: "apart" })).toBe(
      "node:internal/streams",
    );
    expect(codePlace("node:_http_server:1026:26", { nodeModules: "apart" })).toBe("node:_http_server");
  });
});
