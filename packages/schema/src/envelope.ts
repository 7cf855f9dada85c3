import * as z from "zod";
import { errorIdentifierSchema } from "./errors.js";

/**
 * The fields every request carries, whatever the method: the API token and `pretty`.
 */
export const requestEnvelopeShape = {
  token: z.string().min(1).describe("API token. Required by every method."),
  pretty: z
    .boolean()
    .optional()
    .describe("When true, the response JSON is indented with two spaces. Default false."),
};

/** The request envelope shared by all methods. */
export const requestEnvelopeSchema = z.strictObject(requestEnvelopeShape).meta({
  id: "RequestEnvelope",
  description: "The fields every request carries: `token` (required) and `pretty` (optional).",
});

/**
 * The failure envelope: HTTP 200 with `ok: false`, an identifier and, for every failure
 * the service itself produces, a description naming the offending key where there is one.
 *
 * @example
 * { "ok": false, "error": "parameter_unexpected", "description": "unexpected parameter: colums" }
 * @see https://docs.wsafe.dev/errors/
 */
export const errorResponseSchema = z
  .object({
    ok: z.literal(false),
    error: errorIdentifierSchema,
    // Required: every failure the service produces carries one (see `requestChecks`), so a
    // consumer may read it without a check. A response field turning required is a
    // narrowing, additive for the contract gate.
    description: z
      .string()
      .describe(
        "What went wrong, for people: names the offending parameter or key where there is one. Never contains internals; branch on `error`, not on this text.",
      ),
  })
  .meta({
    id: "ErrorResponse",
    title: "Error response",
    description: "The failure envelope of every method.",
  });

/** The failure envelope. */
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * Builds a method's success envelope: `ok: true` plus the method's own fields.
 *
 * @param shape - the method's result fields
 */
export function successEnvelope<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ok: z.literal(true), ...shape });
}

/** Any response body of /v1: a success (`ok: true`, more fields by method) or a failure. */
export const responseEnvelopeSchema = z
  .union([z.looseObject({ ok: z.literal(true) }), errorResponseSchema])
  .meta({
    id: "ResponseEnvelope",
    description: "Any /v1 response body: `ok: true` with the method's fields, or the error envelope.",
  });
