import type { Difference } from "./difference.js";

/**
 * A reviewed acceptance of one breaking difference, matched exactly by rule, path and
 * message. For corrections, not changes: a contract that listed less than the service
 * already did (a method's error list that left out an identifier the server answered).
 * Kept in `packages/schema/contract/acknowledgements.json` until the next release
 * accepts the snapshot, which empties the file.
 */
export interface Acknowledgement {
  /** The rule that fired, e.g. `"method.error-added"`. */
  rule: string;
  /** The difference's JSON path, exactly as the gate reports it. */
  path: string;
  /** The difference's message, exactly as the gate reports it. */
  message: string;
  /** Why this breaking difference is right, for the reviewer and the changelog. */
  reason: string;
}

/** What {@link acknowledgeDifferences} made of the breaking differences. */
export interface Acknowledged {
  /** Breaking differences no acknowledgement names: they still fail the gate. */
  breaking: Difference[];
  /** Breaking differences an acknowledgement names exactly, with its reason. */
  acknowledged: (Difference & { reason: string })[];
  /** Acknowledgements that match no difference: stale or mistyped, so they fail the gate. */
  unmatched: Acknowledgement[];
}

const key = (item: { rule: string; path: string; message: string }) =>
  JSON.stringify([item.rule, item.path, item.message]);

/**
 * Splits breaking differences into those a reviewed acknowledgement names exactly and
 * the rest. There is no wildcard: each acknowledgement accepts one difference, and one
 * that matches nothing is reported, so the list can never accept more than it says.
 *
 * @param breaking - the breaking differences the gate found
 * @param acknowledgements - the reviewed acknowledgements
 * @example
 * const { breaking, acknowledged, unmatched } = acknowledgeDifferences(found, JSON.parse(file));
 */
export function acknowledgeDifferences(
  breaking: readonly Difference[],
  acknowledgements: readonly Acknowledgement[],
): Acknowledged {
  const byKey = new Map(acknowledgements.map((acknowledgement) => [key(acknowledgement), acknowledgement]));
  const used = new Set<string>();
  const result: Acknowledged = { breaking: [], acknowledged: [], unmatched: [] };
  for (const difference of breaking) {
    const acknowledgement = byKey.get(key(difference));
    if (acknowledgement) {
      used.add(key(difference));
      result.acknowledged.push({ ...difference, reason: acknowledgement.reason });
    } else {
      result.breaking.push(difference);
    }
  }
  result.unmatched = acknowledgements.filter((acknowledgement) => !used.has(key(acknowledgement)));
  return result;
}

/**
 * Reads an acknowledgements file's JSON: an array of {@link Acknowledgement}, each with
 * a non-empty reason. Throws, naming the entry, on anything else.
 *
 * @param value - the parsed file
 */
export function parseAcknowledgements(value: unknown): Acknowledgement[] {
  if (!Array.isArray(value)) throw new Error("acknowledgements must be a JSON array");
  return value.map((item, index) => {
    const entry = item as Partial<Acknowledgement> | null;
    for (const field of ["rule", "path", "message", "reason"] as const) {
      if (typeof entry?.[field] !== "string" || entry[field] === "") {
        throw new Error(`acknowledgement ${index}: ${field} must be a non-empty string`);
      }
    }
    return entry as Acknowledgement;
  });
}
