/**
 * How a difference affects consumers of the released contract. `breaking`: a caller or
 * a consumer written against the released contract can fail; never allowed under /v1.
 * `additive`: the contract grew or a promise got stronger; needs at least a minor
 * changeset of `@wsafe/schema`.
 */
export type Severity = "breaking" | "additive";

/**
 * Every rule of the gate: id → severity and the reason, for people. Requests
 * (`request.*`) may only widen; responses (`response.*`) may only narrow or add.
 * A rule's id says the direction, so one id always has one severity.
 */
export const rules = {
  "contract.version-changed": {
    severity: "breaking",
    why: "The contract version names the URL prefix; another version is another API.",
  },
  "method.removed": { severity: "breaking", why: "Callers of the method get api_method_not_found." },
  "method.added": { severity: "additive", why: "A new method is new surface; nobody called it before." },
  "method.permission-tightened": {
    severity: "breaking",
    why: "Tokens that could call the method now get token_permission.",
  },
  "method.permission-relaxed": {
    severity: "additive",
    why: "More tokens may call the method; none loses access.",
  },
  "method.error-removed": {
    severity: "breaking",
    why: "Callers branch on the identifier (content_not_found means absent); the condition now answers differently.",
  },
  "method.error-added": {
    severity: "breaking",
    why: "A method's identifiers are a closed list in the OpenAPI operation and the client's WsafeApiErrorOf: a consumer's exhaustive switch meets one it was never told of. A list that left out what the server already answered is corrected through a reviewed acknowledgement.",
  },
  "error.removed": {
    severity: "breaking",
    why: "Consumers switch on the identifier; a removed one breaks their mapping.",
  },
  "error.added": {
    severity: "additive",
    why: "Error identifiers form an open enum by policy: consumers handle unknown ones generically.",
  },
  "pipeline.published": {
    severity: "additive",
    why: "The snapshot now records the order of the request checks, which the released one did not: a promise made explicit.",
  },
  "pipeline.check-added": {
    severity: "breaking",
    why: "Requests that passed every check may now fail the new one, and requests failing several checks may answer differently.",
  },
  "pipeline.check-removed": {
    severity: "breaking",
    why: "Requests the check refused now reach later checks or the method, and answer differently.",
  },
  "pipeline.reordered": {
    severity: "breaking",
    why: "A request failing two checks answers the first one's identifier; callers and the conformance kit rely on which comes first.",
  },
  "pipeline.check-errors-changed": {
    severity: "breaking",
    why: "The identifiers a check answers with are what callers branch on at that step.",
  },
  "record.removed": { severity: "breaking", why: "Consumers import and validate with the record's schema." },
  "record.added": { severity: "additive", why: "A new record is new surface." },
  "request.parameter-removed": {
    severity: "breaking",
    why: "Request objects are closed: callers still sending it get parameter_unexpected.",
  },
  "request.required-parameter-added": {
    severity: "breaking",
    why: "Existing calls lack it and get parameter_missing.",
  },
  "request.optional-parameter-added": {
    severity: "additive",
    why: "Existing calls stay valid; new callers may send it.",
  },
  "request.parameter-now-required": {
    severity: "breaking",
    why: "Calls that left it out get parameter_missing.",
  },
  "request.parameter-now-optional": { severity: "additive", why: "Every existing call stays valid." },
  "request.type-changed": { severity: "breaking", why: "Values that were valid are now parameter_invalid." },
  "request.type-narrowed": { severity: "breaking", why: "A type callers could send is no longer accepted." },
  "request.type-widened": { severity: "additive", why: "Every value that was accepted still is." },
  "request.nullable-removed": { severity: "breaking", why: "Callers sending null get parameter_invalid." },
  "request.nullable-added": { severity: "additive", why: "null is accepted in addition." },
  "request.enum-value-removed": {
    severity: "breaking",
    why: "Callers sending the value get parameter_invalid.",
  },
  "request.enum-value-added": { severity: "additive", why: "A new allowed value; old values still work." },
  "request.constraint-tightened": {
    severity: "breaking",
    why: "Some values that were valid are now rejected.",
  },
  "request.constraint-loosened": { severity: "additive", why: "Every value that was valid still is." },
  "request.pattern-changed": {
    severity: "breaking",
    why: "Two patterns cannot be compared; values valid before may be rejected.",
  },
  "request.default-changed": {
    severity: "breaking",
    why: "Calls that omit the parameter silently get other behaviour.",
  },
  "request.default-added": {
    severity: "additive",
    why: "The behaviour of an omitted parameter is now promised.",
  },
  "response.field-removed": { severity: "breaking", why: "Consumers reading the field find it gone." },
  "response.field-added": {
    severity: "additive",
    why: "Response records are open: consumers ignore fields they do not know.",
  },
  "response.field-now-optional": {
    severity: "breaking",
    why: "Consumers reading the field may find it absent.",
  },
  "response.field-now-required": {
    severity: "additive",
    why: "A stronger promise: the field is always there.",
  },
  "response.type-changed": {
    severity: "breaking",
    why: "Consumers parse a type the service no longer sends.",
  },
  "response.type-widened": { severity: "breaking", why: "Consumers meet a type they were never promised." },
  "response.type-narrowed": { severity: "additive", why: "Every value sent is still one consumers expect." },
  "response.nullable-added": { severity: "breaking", why: "Consumers meet null where a value was promised." },
  "response.nullable-removed": { severity: "additive", why: "A stronger promise: never null." },
  "response.enum-value-added": {
    severity: "breaking",
    why: "Consumers with an exhaustive switch meet a value they do not know. Mark the enum open (x-open-enum) in a release first.",
  },
  "response.open-enum-value-added": {
    severity: "additive",
    why: "The enum was released as open (x-open-enum, or a policy name): consumers were told to expect new values.",
  },
  "response.enum-value-removed": {
    severity: "additive",
    why: "Every value sent is still one consumers expect.",
  },
  "response.constraint-loosened": {
    severity: "breaking",
    why: "Consumers may meet values outside what was promised.",
  },
  "response.constraint-tightened": {
    severity: "additive",
    why: "Every value sent is still within what was promised.",
  },
  "response.pattern-changed": {
    severity: "breaking",
    why: "Two patterns cannot be compared; values may fall outside the old one.",
  },
  "walk.added": {
    severity: "additive",
    why: "A method now promises how its pages walk (or the snapshot now records it): a promise made explicit.",
  },
  "walk.removed": {
    severity: "breaking",
    why: "Callers walking the method's pages lose the promised order and cursors.",
  },
  "walk.order-changed": {
    severity: "breaking",
    why: "Pages come in another order, and cursors of walks under way point into the old one.",
  },
  "walk.filter-added": {
    severity: "breaking",
    why: "A cursor sent with another value of a parameter callers already send now answers parameter_invalid.",
  },
  "walk.filter-added-with-parameter": {
    severity: "additive",
    why: "The new parameter binds the walk; callers that never send it walk as before.",
  },
  "walk.filter-removed": {
    severity: "additive",
    why: "A cursor is bound to fewer parameters: every walk that worked still does.",
  },
  "walk.instant-changed": {
    severity: "breaking",
    why: "Statuses along a walk are computed at another instant, or no longer at one kept instant.",
  },
  "metrics.published": {
    severity: "additive",
    why: "The snapshot now records the metric names, which the released one did not: a promise made explicit.",
  },
  "metric.removed": {
    severity: "breaking",
    why: "Dashboards and alerts querying the name find no series; an alert on it never fires again.",
  },
  "metric.added": { severity: "additive", why: "A new name; no query used it before." },
  "metric.type-changed": {
    severity: "breaking",
    why: "Queries written for a counter (rate) or a histogram (buckets) do not work on another type.",
  },
  "metric.label-removed": {
    severity: "breaking",
    why: "Queries that filter or aggregate by the label find nothing.",
  },
  "metric.label-added": {
    severity: "breaking",
    why: "Every series splits: alerts and ratios matched on the old label set see several series where there was one.",
  },
  "metric.bucket-removed": {
    severity: "breaking",
    why: 'Queries and alerts on that bucket (le="0.1") find no series.',
  },
  "metric.bucket-added": {
    severity: "additive",
    why: "The existing buckets stay; quantiles only get finer.",
  },
  "cli.published": {
    severity: "additive",
    why: "The command line is recorded for the first time: a promise made explicit.",
  },
  "cli.command-removed": {
    severity: "breaking",
    why: "Scripts and service units that run the command fail with unknown command.",
  },
  "cli.command-added": { severity: "additive", why: "A new command; nobody ran it before." },
  "cli.argument-removed": {
    severity: "breaking",
    why: "Invocations that pass the argument fail with too many arguments.",
  },
  "cli.required-argument-added": {
    severity: "breaking",
    why: "Existing invocations lack the argument and fail.",
  },
  "cli.optional-argument-added": { severity: "additive", why: "Existing invocations stay valid." },
  "cli.argument-now-required": { severity: "breaking", why: "Invocations that left it out now fail." },
  "cli.argument-now-optional": { severity: "additive", why: "Every existing invocation stays valid." },
  "cli.argument-now-variadic": { severity: "additive", why: "It takes one value as before, or more." },
  "cli.option-removed": {
    severity: "breaking",
    why: "Invocations, scripts and service units that pass the flag fail with unknown option.",
  },
  "cli.option-added": { severity: "additive", why: "Existing invocations stay valid; the flag is new." },
  "cli.required-option-added": {
    severity: "breaking",
    why: "Existing invocations lack the option and fail.",
  },
  "cli.option-now-required": { severity: "breaking", why: "Invocations that left it out now fail." },
  "cli.option-now-optional": { severity: "additive", why: "Every existing invocation stays valid." },
  "cli.option-value-changed": {
    severity: "breaking",
    why: "Whether the flag takes a value (or several) changed: existing invocations parse differently or fail.",
  },
  "cli.env-removed": {
    severity: "breaking",
    why: "Deployments that configure the server through the variable silently lose the setting.",
  },
  "cli.env-added": { severity: "additive", why: "A new way to set the flag; the old ones work." },
  "cli.default-changed": {
    severity: "breaking",
    why: "Deployments that leave the flag out silently get other behaviour.",
  },
  "cli.choice-removed": { severity: "breaking", why: "Invocations that pass the value now fail." },
  "cli.choice-added": { severity: "additive", why: "A new allowed value; the old ones still work." },
  "schema.unsupported-change": {
    severity: "breaking",
    why: "A keyword the gate does not model changed; treated as breaking until a person has looked.",
  },
} as const satisfies Record<string, { severity: Severity; why: string }>;

/** The id of one rule of the gate, e.g. `"response.field-removed"`. */
export type RuleId = keyof typeof rules;

/** Every rule id, in the order of {@link rules}. */
export const ruleIds = Object.keys(rules) as RuleId[];
