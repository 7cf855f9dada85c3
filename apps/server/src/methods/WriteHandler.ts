import type { MethodName, MethodPermission, MethodResult, Methods } from "@wsafe/schema";
import type { KeptAnswer } from "../results/KeptAnswer.js";
import type { WriteTransaction } from "../writes/WriteTransaction.js";
import type { MethodCall } from "./MethodHandler.js";

/** The name of a method that needs `write`, e.g. `"webhooks.create"`. */
export type WriteMethodName = {
  [Name in MethodName]: MethodPermission<Name> extends "write" ? Name : never;
}[MethodName];

/**
 * Runs a write's lookups and changes in the write's own transaction, and answers what
 * `write` answered, or, for a repeat of an `idempotency_key`, what the key's first request
 * answered, as kept (then `write` does not run): a handler sends it on as it is.
 */
export type InWriteTransaction<Result> = (
  write: (transaction: WriteTransaction) => Promise<Result>,
) => Promise<Result | KeptAnswer>;

/**
 * A write method's own work. First the checks of its parameters that need more than the
 * schema (a webhook URL's addresses, an inspection's dates against the clock): row
 * `parameters` of the pipeline, so before anything else, and outside any transaction.
 * Then its lookups and changes, inside `transaction`, whose answer it answers as it is.
 * It deals with no idempotency key: `methodHandlers.ts` runs it inside `keyedWrite`,
 * which claims the key in that transaction, answers a repeat, and keeps the answer.
 *
 * @example
 * export const webhooksDelete: WriteHandler<"webhooks.delete"> = (params, { token }, transaction) =>
 *   transaction(async ({ sql }) => {
 *     if (!(await new WebhookStore(sql).delete(token.accountId, params.id))) throw webhookNotFound(params.id);
 *     return { ok: true };
 *   });
 */
export type WriteHandler<Name extends WriteMethodName> = (
  params: Methods[Name]["parsedParams"],
  call: MethodCall,
  transaction: InWriteTransaction<MethodResult<Name>>,
) => Promise<MethodResult<Name> | KeptAnswer>;
