/**
 * The notes the pipeline adds under the table: how it was measured when not by the
 * steady method, and which servers did the contract's work (every conformance check of
 * resources.list passed), which are floors that do less, and which contract peer failed
 * its checks and so was not timed, with why; and each timed server's rounds (issue 38:
 * the spread of every server is printed, not wsafe's alone).
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
  notes.push(...roundsNotes(p));
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

/**
 * One line per timed server of the pinned rounds: req/s and p99 of every round in order,
 * and their spread (highest − lowest ÷ median), so that a drift within the run shows.
 *
 * @param {any} p - what `runPipeline` returned
 * @returns {string[]}
 * @example
 * roundsNotes(result);
 * // ["pipeline rounds, wsafe: req/s 39 400, 35 000, 32 100 (spread 20.9 %); p99 µs 850, 990, 2 100 (spread 126 %)"]
 */
export function roundsNotes(p) {
  const notes = [];
  for (const [key, summary] of Object.entries(p)) {
    if (!summary?.roundsRequestsPerSecond || summary.roundsRequestsPerSecond.length < 2) continue;
    const rates = summary.roundsRequestsPerSecond.map((/** @type {number} */ r) =>
      Math.round(r).toLocaleString("en-US"),
    );
    let line = `pipeline rounds, ${key}: req/s ${rates.join(", ")} (spread ${percent(summary.spread?.requestsPerSecond)})`;
    if (summary.roundsP99Micros) {
      const p99s = summary.roundsP99Micros.map((/** @type {number} */ m) =>
        Math.round(m).toLocaleString("en-US"),
      );
      line += `; p99 µs ${p99s.join(", ")} (spread ${percent(summary.spread?.p99Micros)})`;
    }
    notes.push(line);
  }
  return notes;
}

/** @param {{ relative: number } | undefined} spread */
function percent(spread) {
  return spread ? `${(spread.relative * 100).toFixed(1)} %` : "n/a";
}
