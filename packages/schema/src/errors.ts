import * as z from "zod";

/**
 * Every error identifier of /v1, with what it means. The order is the order of the
 * request pipeline's checks (the first failing check answers), then the method's own.
 */
export const errorDescriptions = {
  api_method_not_found: "The URL names no method: the path is not `/v1/<method>` of a known method.",
  request_method_invalid: "The HTTP method was neither GET nor POST.",
  request_data_invalid:
    "The request data is not a JSON object: invalid JSON, not an object, bad percent-encoding, or over the size limit.",
  token_missing: "The request data has no `token`, or an empty one.",
  token_invalid: "The token is not a string, or no such token exists.",
  token_inactive: "The token has been deactivated.",
  account_inactive: "The token belongs to an account that is not active.",
  rate_limit_exceeded: "The token exceeded its request limit; retry after `Retry-After` seconds.",
  token_permission: "The token lacks the permission the method needs.",
  parameter_unexpected: "The request data contains a parameter the method does not accept.",
  parameter_missing: "A required parameter is absent.",
  parameter_invalid: "A parameter has the wrong type or a value that is not allowed.",
  content_not_found: "The requested content does not exist, or belongs to another account.",
  limit_reached:
    "The account or token holds the most of something it may (webhook endpoints of an account: 10; `events.stream` subscriptions a token holds open on one server: 5 by default); remove or close one before adding another.",
  idempotency_key_reused:
    "The `idempotency_key` was sent within the last 24 hours with other parameters, or to another method; nothing was changed. Send the first request again to get its answer, or a new key for a new request.",
  external_id_taken:
    "The `external_id` is held by another equipment of the account; the description names the key and that equipment's `id`. Nothing was changed. To change that equipment, call `equipments.update` with the `external_id`; for a new equipment, choose another key.",
  version_mismatch:
    "The equipment's `version` is not the `if_version` sent: it was changed since it was read; the description names both versions. Nothing was changed. Read it again (`equipments.changes` or `equipments.list`), apply your change to what it holds now, and send it with the new `version`.",
  metafield_in_use:
    "A metafield that `equipmentTypes.update` would remove is still set on equipment of the type; the description names the metafield and one such equipment. Nothing was changed. Unset it first (`equipments.update` with `metavalues: { <metafield id>: null }`), or keep the metafield in `metafields`.",
  cursor_expired:
    "The `cursor` of `equipments.changes` is older than the changes the service keeps. Nothing was read. Start again without a `cursor` and replace your copy with what the answers hold.",
  server_error: "Internal error in the service. Nothing was changed; retrying later may succeed.",
} as const;

/**
 * An error identifier: the `error` of a failure envelope.
 *
 * @example
 * import { errorIdentifierSchema } from "@wsafe/schema";
 * errorIdentifierSchema.options; // ["api_method_not_found", ...]
 * @see https://docs.wsafe.dev/errors/
 */
export const errorIdentifierSchema = z
  .enum(
    Object.keys(errorDescriptions) as [keyof typeof errorDescriptions, ...(keyof typeof errorDescriptions)[]],
  )
  .meta({
    id: "ErrorIdentifier",
    description: Object.entries(errorDescriptions)
      .map(([identifier, description]) => `- \`${identifier}\`: ${description}`)
      .join("\n"),
  });

/** One of the error identifiers of /v1. */
export type ErrorIdentifier = z.infer<typeof errorIdentifierSchema>;

/** Every error identifier, in pipeline order. */
export const errorIdentifiers: readonly ErrorIdentifier[] = errorIdentifierSchema.options;
