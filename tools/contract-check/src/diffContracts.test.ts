import { describe, expect, it } from "vitest";
import { type Contract, diffContracts } from "./diffContracts.js";
import { type RuleId, ruleIds, rules } from "./rules.js";

// A small contract with one method, its records, an error enum and an input record:
// every rule below is proven on a copy of it changed in exactly one way.
const fixture: Contract = {
  version: "v1",
  errors: ["token_missing", "parameter_invalid", "content_not_found"],
  directions: { Dataset: "request", ErrorIdentifier: "response" },
  pipeline: [
    { id: "token_present", scope: "method", errors: ["token_missing"] },
    { id: "parameters", scope: "method", errors: ["parameter_invalid"] },
    { id: "method_lookups", scope: "method", errors: [] },
  ],
  methods: {
    "things.list": {
      permission: "read",
      errors: ["token_missing", "parameter_invalid"],
      params: {
        type: "object",
        properties: {
          token: { type: "string", minLength: 1 },
          kind: { $ref: "#/$defs/Kind", default: "a" },
          limit: { type: "integer", minimum: 1, maximum: 100 },
          name: { type: "string", pattern: "^[a-z]+$" },
          mode: { type: "string", description: "How to list." },
          user: {
            anyOf: [
              { type: "string", minLength: 1 },
              { type: "integer", minimum: 0 },
            ],
          },
          ids: { type: "array", items: { type: "string" } },
        },
        required: ["token"],
        additionalProperties: false,
        $defs: { Kind: { type: "string", enum: ["a", "b"] } },
      },
      result: {
        type: "object",
        properties: {
          ok: { type: "boolean", const: true },
          things: { type: "array", items: { $ref: "#/$defs/Thing" } },
        },
        required: ["ok", "things"],
        $defs: {
          Thing: {
            type: "object",
            properties: {
              id: { type: "string", minLength: 1 },
              status: { $ref: "#/$defs/Status" },
              note: { type: "string" },
              count: { type: "integer", maximum: 10 },
              expiresOn: { anyOf: [{ type: "integer" }, { type: "null" }] },
            },
            required: ["id", "status", "expiresOn"],
          },
          Status: { type: "string", enum: ["new", "done"] },
        },
      },
    },
  },
  records: {
    ErrorIdentifier: { type: "string", enum: ["token_missing", "parameter_invalid", "content_not_found"] },
    Dataset: {
      type: "object",
      properties: { things: { type: "array", items: { type: "object" } }, owner: { type: "string" } },
      required: ["things"],
      additionalProperties: false,
    },
  },
};

type Mutable = {
  version: string;
  directions?: Record<string, string>;
  errors: string[];
  pipeline?: { id: string; scope: string; errors: string[] }[];
  // biome-ignore lint/suspicious/noExplicitAny: tests reach into arbitrary JSON Schema
  methods: Record<string, any>;
  // biome-ignore lint/suspicious/noExplicitAny: tests reach into arbitrary JSON Schema
  records: Record<string, any>;
};
const params = (c: Mutable) => c.methods["things.list"].params;
const thing = (c: Mutable) => c.methods["things.list"].result.$defs.Thing;
const status = (c: Mutable) => c.methods["things.list"].result.$defs.Status;

/** Diffs the fixture (changed by `base`) against a copy of that changed by `next`. */
function diff(next: (c: Mutable) => void, base: (c: Mutable) => void = () => {}) {
  const released = structuredClone(fixture) as Mutable;
  base(released);
  const upcoming = structuredClone(released);
  next(upcoming);
  return diffContracts(released as Contract, upcoming as Contract);
}
const rulesOf = (differences: ReturnType<typeof diff>) => differences.map((d) => d.rule);

// One case per rule: the change, the rules that must fire, and nothing else.
const cases: [RuleId, (c: Mutable) => void, ((c: Mutable) => void)?][] = [
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

describe(diffContracts, () => {
  it("reports nothing for an identical contract", () => {
    expect(diff(() => {})).toEqual([]);
  });

  it.each(cases)("fires %s, and only it", (rule, next, base) => {
    const differences = diff(next, base);
    expect(rulesOf(differences)).toEqual([rule]);
    expect(differences[0]!.severity).toBe(rules[rule].severity);
  });

  it("has a case for every rule", () => {
    expect(new Set(cases.map(([rule]) => rule))).toEqual(new Set(ruleIds));
  });

  it("ignores annotations: descriptions, titles, examples", () => {
    const differences = diff((c) => {
      params(c).properties.mode.description = "Something else.";
      thing(c).title = "A thing";
      thing(c).properties.note.examples = ["x"];
    });
    expect(differences).toEqual([]);
  });

  it("follows $ref before comparing, so inlining a definition is no change", () => {
    const differences = diff((c) => {
      const result = c.methods["things.list"].result;
      result.properties.things.items = structuredClone(result.$defs.Thing);
      result.properties.things.items.properties.status = structuredClone(result.$defs.Status);
      delete result.$defs;
    });
    expect(differences).toEqual([]);
  });

  it("names the path where the payload has the change, through the $ref", () => {
    expect(
      diff((c) => {
        status(c).enum.push("archived");
      }),
    ).toEqual([
      {
        rule: "response.enum-value-added",
        severity: "breaking",
        path: '$.methods["things.list"].result.properties.things.items.properties.status.enum',
        message: 'value "archived" was added',
      },
    ]);
  });

  it("treats the error identifier enum as open by policy", () => {
    expect(
      rulesOf(
        diff((c) => {
          c.records.ErrorIdentifier.enum.push("server_error");
        }),
      ),
    ).toEqual(["response.open-enum-value-added"]);
  });

  it("takes record directions from the snapshots, a record they do not name being a response", () => {
    const differences = diff(
      (c) => {
        delete c.records.Dataset.properties.owner;
      },
      (c) => {
        delete c.directions;
      },
    );
    expect(rulesOf(differences)).toEqual(["response.field-removed"]);
  });

  it("checks input records (the dataset) as requests", () => {
    expect(
      rulesOf(
        diff((c) => {
          delete c.records.Dataset.properties.owner;
        }),
      ),
    ).toEqual(["request.parameter-removed"]);
    expect(
      rulesOf(
        diff((c) => {
          c.records.Dataset.properties.source = { type: "string" };
        }),
      ),
    ).toEqual(["request.optional-parameter-added"]);
  });

  it("treats a new required field in a response as additive, unlike in a request", () => {
    const differences = diff((c) => {
      thing(c).properties.owner = { type: "string" };
      thing(c).required.push("owner");
    });
    expect(rulesOf(differences)).toEqual(["response.field-added"]);
  });

  it("sees a widened union alternative in a response as breaking", () => {
    const differences = diff((c) => {
      thing(c).properties.note = { anyOf: [{ type: "string" }, { type: "integer" }] };
    });
    expect(differences.map((d) => [d.rule, d.severity])).toEqual([["response.type-widened", "breaking"]]);
  });

  it("compares union alternatives pairwise", () => {
    const differences = diff((c) => {
      params(c).properties.user.anyOf[0].minLength = 3;
    });
    expect(differences).toEqual([
      expect.objectContaining({
        rule: "request.constraint-tightened",
        path: '$.methods["things.list"].params.properties.user.anyOf[0].minLength',
      }),
    ]);
  });

  it("compares items and additionalProperties", () => {
    expect(
      rulesOf(
        diff((c) => {
          params(c).properties.ids.items = { type: "integer" };
        }),
      ),
    ).toEqual(["request.type-changed"]);
    expect(
      rulesOf(
        diff((c) => {
          params(c).additionalProperties = true;
        }),
      ),
    ).toEqual(["request.constraint-loosened"]);
    expect(
      rulesOf(
        diff((c) => {
          thing(c).additionalProperties = { type: "string" };
        }),
      ),
    ).toEqual(["response.constraint-tightened"]);
  });

  it("ends on recursive schemas", () => {
    const tree = {
      type: "object",
      properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#" } } },
    };
    const differences = diff(
      (c) => {
        c.records.Tree.properties.name = { type: "integer" };
      },
      (c) => {
        c.records.Tree = structuredClone(tree);
      },
    );
    expect(differences).toEqual([
      expect.objectContaining({ rule: "response.type-changed", path: "$.records.Tree.properties.name.type" }),
    ]);
  });
});
