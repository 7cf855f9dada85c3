/** Two records of one list with the same key: the later one, and the first that had it. */
export interface Duplicate {
  index: number;
  first: number;
}

/**
 * The records of a list whose key an earlier record already has (ids, a token's
 * secret, an equipment's schedule ids), each with the first record that had it.
 *
 * @param list - the records
 * @param key - what must be unique; `undefined` for a record that has none (a malformed one)
 * @example
 * findDuplicates([{ id: "a" }, { id: "b" }, { id: "a" }], (r) => r.id); // [{ index: 2, first: 0 }]
 */
export function findDuplicates<T>(list: readonly T[], key: (item: T) => string | undefined): Duplicate[] {
  const duplicates: Duplicate[] = [];
  // The lists of each record (an equipment's schedules) are short and there are many of
  // them: comparing pairs costs less than a Map for each.
  if (list.length <= 8) {
    for (let index = 1; index < list.length; index++) {
      const value = key(list[index]!);
      if (value === undefined) continue;
      for (let first = 0; first < index; first++) {
        if (key(list[first]!) === value) {
          duplicates.push({ index, first });
          break;
        }
      }
    }
    return duplicates;
  }
  const seen = new Map<string, number>();
  list.forEach((item, index) => {
    const value = key(item);
    if (value === undefined) return;
    const first = seen.get(value);
    if (first === undefined) seen.set(value, index);
    else duplicates.push({ index, first });
  });
  return duplicates;
}
