import { type RuleId, rules, type Severity } from "./rules.js";

/** One classified difference between the released contract and the next one. */
export interface Difference {
  /** The rule that fired, e.g. `"request.required-parameter-added"`. */
  rule: RuleId;
  /** The rule's severity: `breaking` fails the gate under /v1. */
  severity: Severity;
  /**
   * Where, as a JSON path into the snapshot with `$ref`s followed, e.g.
   * `$.methods["equipments.list"].params.properties.service_type.enum`.
   */
  path: string;
  /** What changed, for people. */
  message: string;
}

/**
 * Builds a {@link Difference}, taking the severity from the rule so that one rule id
 * can never carry two severities.
 *
 * @example
 * difference("method.removed", '$.methods["users.info"]', "method users.info was removed");
 */
export function difference(rule: RuleId, path: string, message: string): Difference {
  return { rule, severity: rules[rule].severity, path, message };
}
