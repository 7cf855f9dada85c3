import type { MethodName, MethodResult } from "@wsafe/schema";
import type { KeptAnswer } from "../results/KeptAnswer.js";
import { runWrite } from "../writes/runWrite.js";
import type { MethodHandler } from "./MethodHandler.js";
import type { WriteHandler, WriteMethodName } from "./WriteHandler.js";

// Only keyedWrite sets it, so a handler that carries it runs inside runWrite.
const keyedWriteMark: unique symbol = Symbol("keyedWrite");

/** A write method's handler as {@link keyedWrite} makes it: the only kind a write may have. */
export type KeyedWriteHandler<Name extends WriteMethodName> = MethodHandler<Name> & {
  readonly [keyedWriteMark]: Name;
};

/**
 * What `methodHandlers.ts` lists, checked against the registry: a read method's handler,
 * and for a write method (its name says it writes) what {@link keyedWrite} made of its
 * {@link WriteHandler}, so that a write whose handler would skip its key does not build.
 */
export type MethodHandlerTable = {
  readonly [Name in MethodName]: Name extends WriteMethodName ? KeyedWriteHandler<Name> : MethodHandler<Name>;
};

/**
 * The handler of a write method: its {@link WriteHandler}, whose transaction is
 * {@link runWrite}'s (the request's key claimed in it, a repeat answered from it, the answer
 * kept in it). A handler that answers without writing through its transaction, or answers
 * another answer than its transaction's, fails (`server_error`): a repeat of its key would
 * get another answer than the first.
 *
 * @param method - the write method
 * @param handler - its own work
 * @example
 * const handlers = { "webhooks.delete": keyedWrite("webhooks.delete", webhooksDelete) };
 */
export function keyedWrite<Name extends WriteMethodName>(
  method: Name,
  handler: WriteHandler<Name>,
): KeyedWriteHandler<Name> {
  const keyed: MethodHandler<Name> = async (params, call) => {
    const written: { answer?: MethodResult<Name> | KeptAnswer } = {};
    const answer = await handler(params, call, async (write) => {
      written.answer = await runWrite(
        call.services.store.sql,
        {
          method,
          accountId: call.token.accountId,
          params,
          now: call.now,
          // What the write's events make stale in this server: its writer drops it after the commit.
          eventCache: call.services.events,
        },
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
  return Object.assign(keyed, { [keyedWriteMark]: method });
}

/**
 * The write method whose handler this is, when {@link keyedWrite} made it; `undefined`
 * for a read's, or for any handler that does not run inside {@link runWrite}.
 *
 * @param handler - a handler of `methodHandlers`
 */
export function keyedWriteOf(handler: object): string | undefined {
  return keyedWriteMark in handler ? String(handler[keyedWriteMark]) : undefined;
}
