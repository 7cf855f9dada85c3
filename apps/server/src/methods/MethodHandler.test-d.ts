import { describe, expectTypeOf, it } from "vitest";
import type { createPipelineServices, PipelineServices } from "../services/createPipelineServices.js";
import type { MethodCall } from "./MethodHandler.js";

describe("a method's call", () => {
  // A new service is one property of the object createPipelineServices makes.
  it("carries the services whole, as they are listed once, where they are made", () => {
    expectTypeOf<PipelineServices>().toEqualTypeOf<Readonly<ReturnType<typeof createPipelineServices>>>();
    expectTypeOf<MethodCall["services"]>().toEqualTypeOf<PipelineServices>();
  });
});
