import { type Contract, diffContracts } from "../diffContracts.js";

// A small contract with one paginated method, its records, an error enum, an input
// record and two metrics:
// every rule below is proven on a copy of it changed in exactly one way.
export const fixture: Contract = {
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
      pagination: { order: ["id"], filters: ["kind"], instant: "name" },
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
  metrics: {
    things_served_total: { type: "counter", labels: ["method", "outcome"] },
    thing_seconds: { type: "histogram", labels: ["method"], buckets: [0.1, 1] },
  },
};

export type Mutable = {
  version: string;
  directions?: Record<string, string>;
  errors: string[];
  pipeline?: { id: string; scope: string; errors: string[] }[];
  // biome-ignore lint/suspicious/noExplicitAny: tests reach into arbitrary JSON Schema
  methods: Record<string, any>;
  // biome-ignore lint/suspicious/noExplicitAny: tests reach into arbitrary JSON Schema
  records: Record<string, any>;
  metrics?: Record<string, { type: string; labels: string[]; buckets?: number[] }>;
};
export const params = (c: Mutable) => c.methods["things.list"].params;
export const thing = (c: Mutable) => c.methods["things.list"].result.$defs.Thing;
export const status = (c: Mutable) => c.methods["things.list"].result.$defs.Status;
export const walk = (c: Mutable) => c.methods["things.list"].pagination;

/** Diffs the fixture (changed by `base`) against a copy of that changed by `next`. */
export function diff(next: (c: Mutable) => void, base: (c: Mutable) => void = () => {}) {
  const released = structuredClone(fixture) as Mutable;
  base(released);
  const upcoming = structuredClone(released);
  next(upcoming);
  return diffContracts(released as Contract, upcoming as Contract);
}
export const rulesOf = (differences: ReturnType<typeof diff>) => differences.map((d) => d.rule);
