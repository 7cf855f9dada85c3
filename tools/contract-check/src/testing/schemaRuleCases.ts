import { params, status, thing } from "./contractFixture.js";
import type { RuleCase } from "./contractRuleCases.js";

/** The cases of the rules on requests and responses, direction-aware, and the catch-all. */
export const schemaRuleCases: RuleCase[] = [
  [
    "request.parameter-removed",
    (c) => {
      delete params(c).properties.mode;
    },
  ],
  [
    "request.required-parameter-added",
    (c) => {
      params(c).properties.since = { type: "integer" };
      params(c).required.push("since");
    },
  ],
  [
    "request.optional-parameter-added",
    (c) => {
      params(c).properties.since = { type: "integer" };
    },
  ],
  [
    "request.parameter-now-required",
    (c) => {
      params(c).required.push("mode");
    },
  ],
  [
    "request.parameter-now-optional",
    (c) => {
      params(c).required = [];
    },
  ],
  [
    "request.type-changed",
    (c) => {
      params(c).properties.limit.type = "string";
    },
  ],
  [
    "request.type-narrowed",
    (c) => {
      params(c).properties.user = { type: "string", minLength: 1 };
    },
  ],
  [
    "request.type-widened",
    (c) => {
      params(c).properties.mode = { anyOf: [{ type: "string" }, { type: "integer" }] };
    },
  ],
  [
    "request.nullable-removed",
    (c) => {
      params(c).properties.mode = { type: "string" };
    },
    (c) => {
      params(c).properties.mode = { anyOf: [{ type: "string" }, { type: "null" }] };
    },
  ],
  [
    "request.nullable-added",
    (c) => {
      params(c).properties.mode = { anyOf: [{ type: "string" }, { type: "null" }] };
    },
  ],
  [
    "request.enum-value-removed",
    (c) => {
      params(c).$defs.Kind.enum = ["a"];
    },
  ],
  [
    "request.enum-value-added",
    (c) => {
      params(c).$defs.Kind.enum.push("c");
    },
  ],
  [
    "request.constraint-tightened",
    (c) => {
      params(c).properties.limit.maximum = 50;
    },
  ],
  [
    "request.constraint-loosened",
    (c) => {
      params(c).properties.limit.maximum = 200;
    },
  ],
  [
    "request.pattern-changed",
    (c) => {
      params(c).properties.name.pattern = "^[a-z0-9]+$";
    },
  ],
  [
    "request.default-changed",
    (c) => {
      params(c).properties.kind.default = "b";
    },
  ],
  [
    "request.default-added",
    (c) => {
      params(c).properties.mode.default = "fast";
    },
  ],
  [
    "response.field-removed",
    (c) => {
      delete thing(c).properties.note;
    },
  ],
  [
    "response.field-added",
    (c) => {
      thing(c).properties.owner = { type: "string" };
    },
  ],
  [
    "response.field-now-optional",
    (c) => {
      thing(c).required = ["id", "status"];
    },
  ],
  [
    "response.field-now-required",
    (c) => {
      thing(c).required.push("note");
    },
  ],
  [
    "response.type-changed",
    (c) => {
      thing(c).properties.note = { type: "integer" };
    },
  ],
  [
    "response.type-widened",
    (c) => {
      thing(c).properties.count.type = "number";
    },
  ],
  [
    "response.type-narrowed",
    (c) => {
      thing(c).properties.count.type = "integer";
    },
    (c) => {
      thing(c).properties.count.type = "number";
    },
  ],
  [
    "response.nullable-added",
    (c) => {
      thing(c).properties.note = { anyOf: [{ type: "string" }, { type: "null" }] };
    },
  ],
  [
    "response.nullable-removed",
    (c) => {
      thing(c).properties.expiresOn = { type: "integer" };
    },
  ],
  [
    "response.enum-value-added",
    (c) => {
      status(c).enum.push("archived");
    },
  ],
  [
    "response.open-enum-value-added",
    (c) => {
      status(c).enum.push("archived");
    },
    (c) => {
      status(c)["x-open-enum"] = true;
    },
  ],
  [
    "response.enum-value-removed",
    (c) => {
      status(c).enum = ["done"];
    },
  ],
  [
    "response.constraint-loosened",
    (c) => {
      delete thing(c).properties.count.maximum;
    },
  ],
  [
    "response.constraint-tightened",
    (c) => {
      thing(c).properties.count.maximum = 5;
    },
  ],
  [
    "response.pattern-changed",
    (c) => {
      thing(c).properties.id.pattern = "^th_";
    },
    (c) => {
      thing(c).properties.id.pattern = "^t_";
    },
  ],
  [
    "schema.unsupported-change",
    (c) => {
      thing(c).properties.note.not = { const: "" };
    },
  ],
];
