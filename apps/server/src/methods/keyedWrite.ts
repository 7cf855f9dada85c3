import { type MethodName, type MethodResult, methodNames, methods } from "@wsafe/schema";
import { runWrite } from "../writes/runWrite.js";
import type { MethodHandler, MethodHandlers } from "./MethodHandler.js";
import type { MethodHandlerDefinitions, WriteHandler, WriteMethodName } from "./WriteHandler.js";

/**
 * The handler of a write method: its {@link WriteHandler}, whose transaction is
 * {@link runWrite}'s (the request's key claimed in it, a repeat answered from it, the answer
 * kept in it). A handler that answers without writing through its transaction, or answers
 * another answer than its transaction's, fails (`server_error`): a repeat of its key would
 * get another answer than the first.
 *
 * @param method - the write method
 * @param handler - its own work
 */
export function keyedWrite<Name extends WriteMethodName>(
  method: Name,
  handler: WriteHandler<Name>,
): MethodHandler<Name> {
  return async (params, call) => {
    const written: { answer?: MethodResult<Name> } = {};
    const answer = await handler(params, call, async (write) => {
      written.answer = await runWrite(
        call.services.store.sql,
        { method, accountId: call.token.accountId, params, now: call.now },
        write,
      );
      return written.answer;
    });
    if (written.answer === undefined || written.answer !== answer)
      throw new Error(
        `${method} answered without its transaction's answer: its handler must answer transaction(...)`,
      );
    return answer;
  };
}

/**
 * Every method's handler from its definition: a read's as it is, a write's inside
 * {@link keyedWrite}, chosen by the registry's permission, so that a new write method is
 * keyed by being a write.
 *
 * @param definitions - each method's handler or write handler
 */
export function methodHandlersOf(definitions: MethodHandlerDefinitions): MethodHandlers {
  const handlers: Partial<Record<MethodName, unknown>> = {};
  for (const name of methodNames)
    handlers[name] =
      methods[name].permission === "write"
        ? keyedWrite(name as WriteMethodName, definitions[name] as WriteHandler<WriteMethodName>)
        : definitions[name];
  // Each entry is its method's: the loop above cannot say so to the compiler.
  return handlers as MethodHandlers;
}
