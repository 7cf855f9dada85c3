import type { MethodName, MethodResult } from "@wsafe/schema";
import type { MethodOutcome } from "../methods/MethodHandler.js";
import { KeptAnswer } from "../results/KeptAnswer.js";
import { RawJsonResult } from "../results/RawJsonResult.js";
import { StreamedJsonResult } from "../results/StreamedJsonResult.js";

/**
 * A handler's outcome as the success body object `/v1` sends as JSON: a body the
 * database built as JSON text (whole, or streamed and here read whole) is parsed back.
 * For an answer that must be a JSON value rather than bytes, as a tRPC procedure's
 * output is; `/v1` writes the text itself and never needs this.
 *
 * @param outcome - what the method's handler answered
 * @example
 * await successBodyOf(new RawJsonResult("resources", "[]")); // { ok: true, resources: [] }
 */
export async function successBodyOf<Name extends MethodName>(
  outcome: MethodOutcome<Name>,
): Promise<MethodResult<Name>> {
  if (outcome instanceof StreamedJsonResult) return JSON.parse((await outcome.toRawJsonResult()).toBody());
  if (outcome instanceof RawJsonResult) return JSON.parse(outcome.toBody());
  // As kept, perhaps by the release before: the procedure's output is the first answer too.
  if (outcome instanceof KeptAnswer) return JSON.parse(outcome.json);
  return outcome;
}
