// One figure of a run: what wsafe measured beside its peer, the ratio and the goal.

/**
 * @typedef {object} Figure
 * @property {string} workload - `1 pipeline`, `2 big list`, ...
 * @property {string} name - what was measured
 * @property {number} value - wsafe's figure
 * @property {string} unit
 * @property {string | null} peer - what it is compared with
 * @property {number | null} peerValue
 * @property {number | null} ratio - value ÷ peerValue
 * @property {string | null} goal - as people read it, e.g. `≥ 0.80×`
 * @property {boolean | null} met
 * @property {number | null} share - for the bar chart; null: not charted
 * @property {number | null} goalShare
 * @property {string} [chartLabel] - a shorter name for the bar chart
 * @property {string} [chartPeer] - a shorter peer for the bar chart
 */

/**
 * Fills in what a figure leaves out and computes its ratio.
 *
 * @param {Partial<Figure> & Pick<Figure, "workload" | "name" | "value" | "unit">} f
 * @returns {Figure}
 */
export function figure(f) {
  const ratio = f.peerValue ? f.value / f.peerValue : null;
  return { peer: null, peerValue: null, goal: null, met: null, share: null, goalShare: null, ...f, ratio };
}
