/**
 * The numeric bounds the gate compares: a higher `lower` bound or a lower `upper` bound
 * admits fewer values.
 *
 * @example
 * boundKeywords.lower.includes("minLength"); // true
 */
export const boundKeywords = {
  lower: ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties", "minContains"],
  upper: ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties", "maxContains"],
} as const;
