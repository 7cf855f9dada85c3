import { describe, expect, it } from "vitest";
import { diffContracts } from "./diffContracts.js";
import { ruleIds, rules } from "./rules.js";
import { diff, params, rulesOf, status, thing } from "./testing/contractFixture.js";
import { contractRuleCases } from "./testing/contractRuleCases.js";
import { schemaRuleCases } from "./testing/schemaRuleCases.js";
import { walkAndMetricRuleCases } from "./testing/walkAndMetricRuleCases.js";

// One case per rule, each on a copy of the small fixture contract changed in exactly
// one way: the change, the rules that must fire, and nothing else.
const cases = [...contractRuleCases, ...schemaRuleCases, ...walkAndMetricRuleCases];

describe(diffContracts, () => {
  it("reports nothing for an identical contract", () => {
    expect(diff(() => {})).toEqual([]);
  });

  it.each(cases)("fires %s, and only it", (rule, next, base) => {
    const differences = diff(next, base);
    expect(rulesOf(differences)).toEqual([rule]);
    expect(differences[0]!.severity).toBe(rules[rule].severity);
  });

  it("has a case for every rule but the command line's (diffCli.test.ts)", () => {
    expect(new Set(cases.map(([rule]) => rule))).toEqual(
      new Set(ruleIds.filter((rule) => !rule.startsWith("cli."))),
    );
  });

  it("renames a metric as a removal (breaking) and an addition", () => {
    const differences = diff((c) => {
      c.metrics!.things_total = c.metrics!.things_served_total!;
      delete c.metrics!.things_served_total;
    });
    expect(differences.map((d) => [d.rule, d.severity, d.path])).toEqual([
      ["metric.removed", "breaking", "$.metrics.things_served_total"],
      ["metric.added", "additive", "$.metrics.things_total"],
    ]);
  });

  it("names the walk's order in the message, before and after", () => {
    expect(
      diff((c) => {
        c.methods["things.list"].pagination.order = ["name", "id"];
      }),
    ).toEqual([
      {
        rule: "walk.order-changed",
        severity: "breaking",
        path: '$.methods["things.list"].pagination.order',
        message: "order was id, now name, id",
      },
    ]);
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
