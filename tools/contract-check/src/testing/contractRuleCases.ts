import type { RuleId } from "../rules.js";
import { fixture, type Mutable, thing } from "./contractFixture.js";

/** One rule's case: the change to the fixture, and optionally a change to both sides first. */
export type RuleCase = [RuleId, (c: Mutable) => void, ((c: Mutable) => void)?];

/** The cases of the rules on the contract as a whole: version, methods, pipeline, errors, records. */
export const contractRuleCases: RuleCase[] = [
  [
    "contract.version-changed",
    (c) => {
      c.version = "v2";
    },
  ],
  [
    "method.removed",
    (c) => {
      delete c.methods["things.list"];
    },
  ],
  [
    "method.added",
    (c) => {
      c.methods["things.get"] = structuredClone(c.methods["things.list"]);
    },
  ],
  [
    "method.permission-tightened",
    (c) => {
      c.methods["things.list"].permission = "write";
    },
  ],
  [
    "method.permission-relaxed",
    (c) => {
      c.methods["things.list"].permission = "read";
    },
    (c) => {
      c.methods["things.list"].permission = "write";
    },
  ],
  [
    "method.error-removed",
    (c) => {
      c.methods["things.list"].errors.pop();
    },
  ],
  [
    "method.error-added",
    (c) => {
      c.methods["things.list"].errors.push("content_not_found");
    },
  ],
  [
    "pipeline.published",
    (c) => {
      c.pipeline = structuredClone(fixture.pipeline);
    },
    (c) => {
      delete c.pipeline;
    },
  ],
  [
    "pipeline.check-added",
    (c) => {
      c.pipeline!.push({ id: "quota", scope: "method", errors: ["content_not_found"] });
    },
  ],
  [
    "pipeline.check-removed",
    (c) => {
      c.pipeline!.splice(2, 1);
    },
  ],
  [
    "pipeline.reordered",
    (c) => {
      c.pipeline!.reverse();
    },
  ],
  [
    "pipeline.check-errors-changed",
    (c) => {
      c.pipeline![1]!.errors.push("content_not_found");
    },
  ],
  [
    "error.removed",
    (c) => {
      c.errors = c.errors.filter((e) => e !== "content_not_found");
    },
  ],
  [
    "error.added",
    (c) => {
      c.errors.push("server_error");
    },
  ],
  [
    "record.removed",
    (c) => {
      delete c.records.Dataset;
    },
  ],
  [
    "record.added",
    (c) => {
      c.records.Thing = structuredClone(thing(c));
    },
  ],
];
