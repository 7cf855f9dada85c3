import { median } from "./percentiles.mjs";
import { spreadOf } from "./summariseRounds.mjs";

/**
 * @typedef {object} SideSamples
 * @property {number[]} samples - every sample the side gave over its turns (rounds, slices, runs)
 * @property {string} [note] - what a reader should know of the side's run (a check it failed)
 */

/**
 * @typedef {object} AgainstFigure
 * @property {string} name - what is compared, e.g. `resources.list server CPU per request`
 * @property {string} unit - e.g. `µs`
 * @property {"lower" | "higher"} better - which way is better
 * @property {SideSamples} workspace - the build of the working tree
 * @property {SideSamples} against - the build of the other git ref
 */

/**
 * The comparison of one figure between two builds measured in one run: each side's median
 * sample, the ratio (workspace ÷ against), each side's own spread ((highest − lowest) ÷
 * median of its samples) and whether the ratio stays within the wider of the two: the
 * difference is then no larger than what the same build varies by on this machine, in
 * this run. With fewer than two samples on a side there is no spread to judge by
 * (`withinNoise` null); a ratio on the better side of 1 is never called noise's.
 *
 * @param {AgainstFigure} figure
 * @example
 * compareFigure({ name: "cpu", unit: "µs", better: "lower",
 *   workspace: { samples: [100, 104, 98] }, against: { samples: [101, 99, 103] } });
 * // { ..., ratio: ≈ 0.99, noise: ≈ 0.06, withinNoise: true, verdict: "within noise" }
 */
export function compareFigure(figure) {
  const workspace = summarise(figure.workspace.samples);
  const against = summarise(figure.against.samples);
  const ratio = workspace.value / against.value;
  const spreads = [workspace.spread, against.spread];
  const noise = spreads.every((spread) => spread !== null)
    ? Math.max(.../** @type {number[]} */ (spreads))
    : null;
  const better = figure.better === "lower" ? ratio < 1 : ratio > 1;
  const withinNoise = noise === null || !Number.isFinite(ratio) ? null : Math.abs(ratio - 1) <= noise;
  return {
    name: figure.name,
    unit: figure.unit,
    better: figure.better,
    workspace,
    against,
    ratio,
    noise,
    withinNoise,
    verdict: verdictOf(withinNoise, better),
    notes: [figure.workspace.note, figure.against.note].filter(Boolean),
  };
}

/**
 * The word a table prints for a comparison.
 *
 * @param {boolean | null} withinNoise
 * @param {boolean} better - whether the workspace's figure is the better one
 */
function verdictOf(withinNoise, better) {
  if (withinNoise === null) return "no spread to judge by";
  if (withinNoise) return "within noise";
  return better ? "better, beyond noise" : "WORSE, beyond noise";
}

/**
 * A side's figure: the median sample, and the spread of its samples (null with fewer than two).
 *
 * @param {number[]} samples
 */
function summarise(samples) {
  const finite = samples.filter(Number.isFinite);
  return {
    value: finite.length > 0 ? median(finite) : Number.NaN,
    samples: finite.length,
    spread: finite.length >= 2 ? relativeSpread(finite) : null,
  };
}

/**
 * The share for the ratio chart (`ratioBarChart`): the workspace's figure as a share of
 * the other build's, turned so that higher is better (1 = the same).
 *
 * @param {ReturnType<typeof compareFigure>} compared
 */
export function chartShare(compared) {
  return compared.better === "lower" ? 1 / compared.ratio : compared.ratio;
}

/**
 * (highest − lowest) ÷ median; 0 when every sample is the same, even 0 (an idle server's
 * slices may all read nothing), and null when the median is 0 and they differ.
 *
 * @param {number[]} samples - two or more, finite
 */
function relativeSpread(samples) {
  const { min, max, relative } = spreadOf(samples);
  if (min === max) return 0;
  return Number.isFinite(relative) ? relative : null;
}
