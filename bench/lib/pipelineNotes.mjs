/**
 * The notes the pipeline adds under the table: how it was measured when not by the
 * steady method, and which servers did the contract's work (every conformance check of
 * resources.list passed), which are floors that do less, and which contract peer failed
 * its checks and so was not timed, with why.
 *
 * @param {any} p - what `runPipeline` returned
 * @returns {string[]}
 * @example
 * pipelineNotes(result);
 * // ["pipeline: did the contract's work (checked by the conformance kit): wsafe, ...; floors that do less: ..."]
 */
export function pipelineNotes(p) {
  const notes = [];
  if (p.method && !p.method.pinned) {
    notes.push(
      `pipeline: NOT PINNED (${p.method.why}): every pipeline figure comes from rounds left to the scheduler, which move ±30 % from round to round; the goals are judged on them all the same.`,
    );
  }
  const checked = Object.values(p.checked ?? {});
  if (checked.length === 0) return notes;
  const named = (/** @type {string} */ kind) =>
    checked.filter((c) => c.kind === kind).map((c) => /** @type {string} */ (c.label));
  const same = named("checked");
  const floors = named("floor");
  notes.push(
    `pipeline: did the contract's work (every conformance check of resources.list passed): ${same.join("; ") || "none"}. Floors that do less, printed as floors: ${floors.join("; ") || "none"}.`,
  );
  for (const failing of checked.filter((c) => c.kind === "failing")) {
    notes.push(`pipeline: ${failing.label}: ${failing.summary}`);
  }
  return notes;
}
