import { type Difference, difference } from "./difference.js";
import { type Branch, flattenSchema, type SchemaObject } from "./flattenSchema.js";
import { jsonPath } from "./jsonPath.js";
import type { RuleId } from "./rules.js";

/**
 * Which side of the wire a schema describes. `request`: data callers send, which may
 * only widen. `response`: data the service sends, which may only narrow or add.
 */
export type Direction = "request" | "response";

/** Options of {@link diffSchema}. */
export interface DiffSchemaOptions {
  /** The side of the wire. */
  direction: Direction;
  /** Where the two schemas sit in their snapshots, as a JSON path. */
  path: string;
  /**
   * `$defs` names (or record names) of response enums released as open: consumers were
   * told to expect new values, so a new value is additive. An enum can also say so
   * itself with `"x-open-enum": true` in the released snapshot.
   */
  openEnums?: ReadonlySet<string>;
  /** The name the root schema is known by (a record name), for {@link openEnums}. */
  rootName?: string;
}

interface Context {
  direction: Direction;
  baseRoot: SchemaObject;
  nextRoot: SchemaObject;
  openEnums: ReadonlySet<string>;
  out: Difference[];
}

// Keywords that describe a schema for people or tools and do not change which values
// are valid. `default` is one of them for responses only; in a request it decides what
// an omitted parameter means.
const annotations = new Set([
  "$schema",
  "$id",
  "$comment",
  "$defs",
  "definitions",
  "title",
  "description",
  "examples",
  "example",
  "deprecated",
  "readOnly",
  "writeOnly",
  "x-open-enum",
]);
const lowerBounds = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"];
const upperBounds = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"];
const handled = new Set([
  "type",
  "enum",
  "const",
  "default",
  ...lowerBounds,
  ...upperBounds,
  "multipleOf",
  "uniqueItems",
  "pattern",
  "format",
  "properties",
  "required",
  "additionalProperties",
  "propertyNames",
  "items",
  "allOf",
]);

/** Picks the rule of a direction: requests first, responses second. */
const pick = (ctx: Context, request: RuleId, response: RuleId): RuleId =>
  ctx.direction === "request" ? request : response;

const json = (value: unknown) => JSON.stringify(value);
const equal = (a: unknown, b: unknown) => json(canonical(a)) === json(canonical(b));
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** The JSON types a branch allows; `undefined` means any type. */
function typesOf(schema: SchemaObject): Set<string> | undefined {
  if (typeof schema.type === "string") return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type as string[]);
  if ("const" in schema) return new Set([jsonType(schema.const)]);
  if (Array.isArray(schema.enum)) return new Set(schema.enum.map(jsonType));
  if ("properties" in schema || "additionalProperties" in schema || "required" in schema)
    return new Set(["object"]);
  if ("items" in schema || "prefixItems" in schema) return new Set(["array"]);
  return undefined;
}

const covers = (types: Set<string> | undefined, type: string) =>
  types === undefined || types.has(type) || (type === "integer" && types.has("number"));

const describeTypes = (types: Set<string> | undefined) => (types ? [...types].join(" | ") : "any");

/**
 * Compares two schemas of one payload, direction-aware, and returns each difference
 * with its rule. `$ref`s are followed in both documents (the paths name where the
 * payload is, not where a definition happens to live), nullables written as
 * `anyOf: [X, {type:"null"}]` are one flag, and keywords the gate does not model are
 * reported as `schema.unsupported-change` rather than ignored.
 *
 * @param base - the released schema
 * @param next - the schema about to be released
 * @example
 * diffSchema({ type: "string", enum: ["a"] }, { type: "string", enum: ["a", "b"] }, { direction: "response", path: "$" });
 * // [{ rule: "response.enum-value-added", severity: "breaking", path: "$.enum", ... }]
 */
export function diffSchema(base: unknown, next: unknown, options: DiffSchemaOptions): Difference[] {
  const ctx: Context = {
    direction: options.direction,
    baseRoot: (base ?? {}) as SchemaObject,
    nextRoot: (next ?? {}) as SchemaObject,
    openEnums: options.openEnums ?? new Set(),
    out: [],
  };
  // The root counts as followed: a `$ref: "#"` below it recurses, and is compared once.
  compareNode(base, next, options.path, ctx, ["#"], ["#"], options.rootName);
  return ctx.out;
}

function compareNode(
  base: unknown,
  next: unknown,
  path: string,
  ctx: Context,
  baseRefs: readonly string[],
  nextRefs: readonly string[],
  rootName?: string,
): void {
  const b = flattenSchema(base, ctx.baseRoot, baseRefs);
  const n = flattenSchema(next, ctx.nextRoot, nextRefs);
  if (!b.nullable && n.nullable) {
    ctx.out.push(
      difference(pick(ctx, "request.nullable-added", "response.nullable-added"), path, "null is now allowed"),
    );
  } else if (b.nullable && !n.nullable) {
    ctx.out.push(
      difference(
        pick(ctx, "request.nullable-removed", "response.nullable-removed"),
        path,
        "null is no longer allowed",
      ),
    );
  }
  const named = (branch: Branch): Branch =>
    branch.refName === undefined && rootName !== undefined ? { ...branch, refName: rootName } : branch;
  const baseBranches = b.branches.map(named);
  const nextBranches = n.branches.map(named);
  if (baseBranches.length === 1 && nextBranches.length === 1) {
    compareBranch(baseBranches[0]!, nextBranches[0]!, path, ctx, b.refs, n.refs);
    return;
  }
  // A union: pair alternatives that are equal, then those of the same type, then those
  // whose types overlap (integer and number); what is left was added or removed.
  const unmatched = nextBranches.map((_, index) => index);
  const pairs: [number, number][] = [];
  const remaining: number[] = [];
  const match = (test: (base: Branch, next: Branch) => boolean, from: number[]) => {
    const left: number[] = [];
    for (const bi of from) {
      const found = unmatched.findIndex((ni) => test(baseBranches[bi]!, nextBranches[ni]!));
      if (found === -1) left.push(bi);
      else pairs.push([bi, unmatched.splice(found, 1)[0]!]);
    }
    return left;
  };
  const kind = (branch: Branch) => describeTypes(typesOf(branch.schema));
  let left = match(
    (x, y) => equal(x.schema, y.schema),
    baseBranches.map((_, index) => index),
  );
  left = match((x, y) => kind(x) === kind(y), left);
  left = match((x, y) => {
    const xt = typesOf(x.schema);
    const yt = typesOf(y.schema);
    return (
      [...(xt ?? [])].some((type) => covers(yt, type)) || [...(yt ?? [])].some((type) => covers(xt, type))
    );
  }, left);
  remaining.push(...left);
  for (const [bi, ni] of pairs) {
    const branchPath = baseBranches.length > 1 ? jsonPath(`${path}.anyOf`, bi) : path;
    compareBranch(baseBranches[bi]!, nextBranches[ni]!, branchPath, ctx, b.refs, n.refs);
  }
  for (const bi of remaining) {
    ctx.out.push(
      difference(
        pick(ctx, "request.type-narrowed", "response.type-narrowed"),
        jsonPath(`${path}.anyOf`, bi),
        `alternative ${kind(baseBranches[bi]!)} was removed`,
      ),
    );
  }
  for (const ni of unmatched) {
    ctx.out.push(
      difference(
        pick(ctx, "request.type-widened", "response.type-widened"),
        jsonPath(`${path}.anyOf`, ni),
        `alternative ${kind(nextBranches[ni]!)} was added`,
      ),
    );
  }
}

function compareBranch(
  baseBranch: Branch,
  nextBranch: Branch,
  path: string,
  ctx: Context,
  baseRefs: readonly string[],
  nextRefs: readonly string[],
): void {
  const b = baseBranch.schema;
  const n = nextBranch.schema;
  if (!compareTypes(b, n, path, ctx)) return;
  compareEnum(baseBranch, nextBranch, path, ctx);
  compareConstraints(b, n, path, ctx);
  if (ctx.direction === "request") compareDefault(b, n, path, ctx);
  compareObject(b, n, path, ctx, baseRefs, nextRefs);
  compareArray(b, n, path, ctx, baseRefs, nextRefs);
  compareRest(b, n, path, ctx, baseRefs, nextRefs);
}

/** Reports a type change; false when the types share nothing, so looking deeper is moot. */
function compareTypes(b: SchemaObject, n: SchemaObject, path: string, ctx: Context): boolean {
  const bt = typesOf(b);
  const nt = typesOf(n);
  if (bt === undefined && nt === undefined) return true;
  const added = nt === undefined ? ["any"] : [...nt].filter((type) => !covers(bt, type));
  const removed = bt === undefined ? ["any"] : [...bt].filter((type) => !covers(nt, type));
  const where = jsonPath(path, "type");
  const change = `${describeTypes(bt)} → ${describeTypes(nt)}`;
  if (added.length && removed.length) {
    ctx.out.push(
      difference(
        pick(ctx, "request.type-changed", "response.type-changed"),
        where,
        `type changed: ${change}`,
      ),
    );
    return false;
  }
  if (added.length)
    ctx.out.push(
      difference(
        pick(ctx, "request.type-widened", "response.type-widened"),
        where,
        `type widened: ${change}`,
      ),
    );
  if (removed.length)
    ctx.out.push(
      difference(
        pick(ctx, "request.type-narrowed", "response.type-narrowed"),
        where,
        `type narrowed: ${change}`,
      ),
    );
  return true;
}

const enumValues = (schema: SchemaObject): unknown[] | undefined =>
  "const" in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;

function compareEnum(baseBranch: Branch, nextBranch: Branch, path: string, ctx: Context): void {
  const bv = enumValues(baseBranch.schema);
  const nv = enumValues(nextBranch.schema);
  const where = jsonPath(
    path,
    "const" in baseBranch.schema || (!bv && "const" in nextBranch.schema) ? "const" : "enum",
  );
  if (!bv && !nv) return;
  if (!bv) {
    ctx.out.push(difference(tightened(ctx), where, `values are now limited to ${json(nv)}`));
    return;
  }
  if (!nv) {
    ctx.out.push(difference(loosened(ctx), where, `values are no longer limited to ${json(bv)}`));
    return;
  }
  const open =
    baseBranch.schema["x-open-enum"] === true ||
    (baseBranch.refName !== undefined && ctx.openEnums.has(baseBranch.refName));
  for (const value of nv.filter((value) => !bv.some((old) => equal(old, value)))) {
    const rule =
      ctx.direction === "request"
        ? "request.enum-value-added"
        : open
          ? "response.open-enum-value-added"
          : "response.enum-value-added";
    ctx.out.push(difference(rule, where, `value ${json(value)} was added`));
  }
  for (const value of bv.filter((old) => !nv.some((value) => equal(old, value)))) {
    ctx.out.push(
      difference(
        pick(ctx, "request.enum-value-removed", "response.enum-value-removed"),
        where,
        `value ${json(value)} was removed`,
      ),
    );
  }
}

const tightened = (ctx: Context) =>
  pick(ctx, "request.constraint-tightened", "response.constraint-tightened");
const loosened = (ctx: Context) => pick(ctx, "request.constraint-loosened", "response.constraint-loosened");
/** A change that both admits and refuses values: breaking either way. */
const reshaped = (ctx: Context) => pick(ctx, "request.constraint-tightened", "response.constraint-loosened");

function compareConstraints(b: SchemaObject, n: SchemaObject, path: string, ctx: Context): void {
  for (const [keywords, stricter] of [
    [lowerBounds, (old: number, now: number) => now > old],
    [upperBounds, (old: number, now: number) => now < old],
  ] as const) {
    for (const keyword of keywords) {
      const old = b[keyword] as number | undefined;
      const now = n[keyword] as number | undefined;
      if (old === now) continue;
      const where = jsonPath(path, keyword);
      const change = `${keyword}: ${old ?? "none"} → ${now ?? "none"}`;
      if (old === undefined || (now !== undefined && stricter(old, now)))
        ctx.out.push(difference(tightened(ctx), where, change));
      else ctx.out.push(difference(loosened(ctx), where, change));
    }
  }
  const oldMultiple = b.multipleOf as number | undefined;
  const newMultiple = n.multipleOf as number | undefined;
  if (oldMultiple !== newMultiple) {
    const where = jsonPath(path, "multipleOf");
    const change = `multipleOf: ${oldMultiple ?? "none"} → ${newMultiple ?? "none"}`;
    if (oldMultiple === undefined || (newMultiple !== undefined && newMultiple % oldMultiple === 0)) {
      ctx.out.push(difference(tightened(ctx), where, change));
    } else if (newMultiple === undefined || oldMultiple % newMultiple === 0) {
      ctx.out.push(difference(loosened(ctx), where, change));
    } else ctx.out.push(difference(reshaped(ctx), where, change));
  }
  if ((b.uniqueItems === true) !== (n.uniqueItems === true)) {
    const where = jsonPath(path, "uniqueItems");
    ctx.out.push(
      difference(
        n.uniqueItems === true ? tightened(ctx) : loosened(ctx),
        where,
        `uniqueItems: ${b.uniqueItems === true} → ${n.uniqueItems === true}`,
      ),
    );
  }
  for (const keyword of ["pattern", "format"]) {
    const old = b[keyword] as string | undefined;
    const now = n[keyword] as string | undefined;
    if (old === now) continue;
    const where = jsonPath(path, keyword);
    const change = `${keyword}: ${old === undefined ? "none" : json(old)} → ${now === undefined ? "none" : json(now)}`;
    if (old === undefined) ctx.out.push(difference(tightened(ctx), where, change));
    else if (now === undefined) ctx.out.push(difference(loosened(ctx), where, change));
    else if (keyword === "pattern")
      ctx.out.push(
        difference(pick(ctx, "request.pattern-changed", "response.pattern-changed"), where, change),
      );
    else ctx.out.push(difference(reshaped(ctx), where, change));
  }
}

function compareDefault(b: SchemaObject, n: SchemaObject, path: string, ctx: Context): void {
  const where = jsonPath(path, "default");
  if ("default" in b && "default" in n) {
    if (!equal(b.default, n.default))
      ctx.out.push(
        difference("request.default-changed", where, `default: ${json(b.default)} → ${json(n.default)}`),
      );
  } else if ("default" in b) {
    ctx.out.push(difference("request.default-changed", where, `default ${json(b.default)} was removed`));
  } else if ("default" in n) {
    ctx.out.push(difference("request.default-added", where, `default ${json(n.default)} was added`));
  }
}

type Extra = "open" | "closed" | SchemaObject;
const extraOf = (schema: SchemaObject): Extra =>
  schema.additionalProperties === false
    ? "closed"
    : schema.additionalProperties === undefined || schema.additionalProperties === true
      ? "open"
      : (schema.additionalProperties as SchemaObject);

function compareObject(
  b: SchemaObject,
  n: SchemaObject,
  path: string,
  ctx: Context,
  baseRefs: readonly string[],
  nextRefs: readonly string[],
): void {
  const objectish = (schema: SchemaObject) =>
    "properties" in schema ||
    "required" in schema ||
    "additionalProperties" in schema ||
    "propertyNames" in schema;
  if (!objectish(b) && !objectish(n)) return;
  const bp = (b.properties ?? {}) as Record<string, unknown>;
  const np = (n.properties ?? {}) as Record<string, unknown>;
  const breq = new Set((b.required ?? []) as string[]);
  const nreq = new Set((n.required ?? []) as string[]);
  const nextExtra = extraOf(n);
  const properties = jsonPath(path, "properties");
  for (const key of Object.keys(bp)) {
    if (Object.hasOwn(np, key)) continue;
    const where = jsonPath(properties, key);
    if (ctx.direction === "response")
      ctx.out.push(difference("response.field-removed", where, `field ${key} was removed`));
    else if (nextExtra === "closed")
      ctx.out.push(difference("request.parameter-removed", where, `parameter ${key} was removed`));
    // An open request object still accepts the key, now unchecked: a widening.
    else
      ctx.out.push(difference("request.constraint-loosened", where, `parameter ${key} is no longer checked`));
  }
  for (const key of Object.keys(np)) {
    if (Object.hasOwn(bp, key)) continue;
    const where = jsonPath(properties, key);
    if (ctx.direction === "response")
      ctx.out.push(difference("response.field-added", where, `field ${key} was added`));
    else if (nreq.has(key))
      ctx.out.push(
        difference("request.required-parameter-added", where, `required parameter ${key} was added`),
      );
    else
      ctx.out.push(
        difference("request.optional-parameter-added", where, `optional parameter ${key} was added`),
      );
  }
  for (const key of Object.keys(bp)) {
    if (!Object.hasOwn(np, key)) continue;
    const where = jsonPath(properties, key);
    compareNode(bp[key], np[key], where, ctx, baseRefs, nextRefs);
    const was = breq.has(key);
    const is = nreq.has(key);
    if (!was && is) {
      ctx.out.push(
        difference(
          pick(ctx, "request.parameter-now-required", "response.field-now-required"),
          where,
          `${key} is now required`,
        ),
      );
    } else if (was && !is) {
      ctx.out.push(
        difference(
          pick(ctx, "request.parameter-now-optional", "response.field-now-optional"),
          where,
          `${key} is now optional`,
        ),
      );
    }
  }
  const baseExtra = extraOf(b);
  const where = jsonPath(path, "additionalProperties");
  if (typeof baseExtra === "object" && typeof nextExtra === "object") {
    compareNode(baseExtra, nextExtra, where, ctx, baseRefs, nextRefs);
  } else if (baseExtra !== nextExtra) {
    const label = (extra: Extra) => (typeof extra === "object" ? "a schema" : extra);
    const stricter = baseExtra === "open" || nextExtra === "closed";
    ctx.out.push(
      difference(
        stricter ? tightened(ctx) : loosened(ctx),
        where,
        `other keys: ${label(baseExtra)} → ${label(nextExtra)}`,
      ),
    );
  }
  const names = jsonPath(path, "propertyNames");
  if (b.propertyNames !== undefined && n.propertyNames !== undefined)
    compareNode(b.propertyNames, n.propertyNames, names, ctx, baseRefs, nextRefs);
  else if (b.propertyNames !== undefined)
    ctx.out.push(difference(loosened(ctx), names, "key names are no longer checked"));
  else if (n.propertyNames !== undefined)
    ctx.out.push(difference(tightened(ctx), names, "key names are now checked"));
}

function compareArray(
  b: SchemaObject,
  n: SchemaObject,
  path: string,
  ctx: Context,
  baseRefs: readonly string[],
  nextRefs: readonly string[],
): void {
  const where = jsonPath(path, "items");
  if (b.items !== undefined && n.items !== undefined)
    compareNode(b.items, n.items, where, ctx, baseRefs, nextRefs);
  else if (b.items !== undefined)
    ctx.out.push(difference(loosened(ctx), where, "items are no longer checked"));
  else if (n.items !== undefined) ctx.out.push(difference(tightened(ctx), where, "items are now checked"));
}

/** `allOf` pairwise; every other keyword the gate does not model must not change. */
function compareRest(
  b: SchemaObject,
  n: SchemaObject,
  path: string,
  ctx: Context,
  baseRefs: readonly string[],
  nextRefs: readonly string[],
): void {
  const ballOf = b.allOf as unknown[] | undefined;
  const nallOf = n.allOf as unknown[] | undefined;
  if (ballOf && nallOf && ballOf.length === nallOf.length) {
    for (const [index, part] of ballOf.entries()) {
      compareNode(part, nallOf[index], jsonPath(`${path}.allOf`, index), ctx, baseRefs, nextRefs);
    }
  } else if (!equal(ballOf, nallOf)) {
    ctx.out.push(difference("schema.unsupported-change", jsonPath(path, "allOf"), "allOf changed shape"));
  }
  const keys = new Set([...Object.keys(b), ...Object.keys(n)]);
  for (const key of keys) {
    if (handled.has(key) || annotations.has(key) || key.startsWith("x-")) continue;
    if (!equal(b[key], n[key])) {
      ctx.out.push(
        difference(
          "schema.unsupported-change",
          jsonPath(path, key),
          `keyword ${key} changed: ${json(b[key]) ?? "none"} → ${json(n[key]) ?? "none"}`,
        ),
      );
    }
  }
}
