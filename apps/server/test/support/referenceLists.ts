// What the list methods must answer, computed in plain TypeScript from a dataset and
// the contract's words: the methods' descriptions (order, filters, columns, pages) and
// the reference status rules. The differential and property suites compare the
// server's answers on both stores with these.
import { type Dataset, equipmentFields, type Status } from "@wsafe/schema";
import { referenceEquipmentStatus, referenceScheduleStatus } from "./referenceStatus.js";

/**
 * Compares two strings by the byte order of their UTF-8, the order the contract gives
 * ids and names ("the same on every store"); JavaScript's `<` compares UTF-16 units,
 * which puts U+FFFF after an emoji.
 */
export function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

/** The parameters of `equipments.list` the reference reads (the instant always given). */
export interface ReferenceEquipmentsRequest {
  equipmentType_id: string;
  service_type?: "in" | "out" | "all";
  status?: Status[];
  columns?: string[];
  include_null_metavalues?: boolean;
  as_of: number;
}

/**
 * The records `equipments.list` answers for an account, whole (all pages in order), or
 * `undefined` when the type is not the account's (`content_not_found`).
 *
 * @param dataset - everything the store holds (parsed: defaults applied)
 * @param accountId - the token's account
 * @param request - the parameters
 */
export function referenceEquipmentsList(
  dataset: Dataset,
  accountId: string,
  request: ReferenceEquipmentsRequest,
): Record<string, unknown>[] | undefined {
  const type = dataset.equipmentTypes.find(
    (t) => t.id === request.equipmentType_id && t.account_id === accountId,
  );
  if (!type) return undefined;
  const service = request.service_type ?? "in";
  const wanted = request.columns?.length ? new Set(request.columns) : undefined;
  const fields = equipmentFields.filter((field) => !wanted || wanted.has(field));
  const records = [];
  for (const equipment of dataset.equipments) {
    if (equipment.equipmentType_id !== type.id) continue;
    if (service !== "all" && equipment.isInService !== (service === "in")) continue;
    const schedules = [...equipment.schedules]
      .sort((a, b) => compareBytes(a.schedule_id, b.schedule_id))
      .map((s) => ({
        schedule_id: s.schedule_id,
        status: referenceScheduleStatus(s, request.as_of),
        expiresOn: s.expiresOn,
        expiringOn: s.expiringOn,
        lastCompletedOn: s.lastCompletedOn,
        ...(s.interval === undefined ? {} : { interval: s.interval }),
        ...(s.warning === undefined ? {} : { warning: s.warning }),
      }));
    const status = referenceEquipmentStatus(schedules.map((s) => s.status));
    if (request.status?.length && !request.status.includes(status)) continue;
    const metavalues: Record<string, unknown> = { ...equipment.metavalues };
    if (request.include_null_metavalues) {
      for (const { id } of type.metafields) if (!(id in metavalues)) metavalues[id] = null;
    }
    // A dataset imported once: every equipment is at its first version.
    const full: Record<string, unknown> = { ...equipment, metavalues, status, schedules, version: 1 };
    const record: Record<string, unknown> = {};
    for (const field of fields) if (full[field] !== undefined) record[field] = full[field];
    records.push({ record, created: equipment.created, id: equipment.id });
  }
  records.sort((a, b) => a.created - b.created || compareBytes(a.id, b.id));
  return records.map((r) => r.record);
}

/** The resources `resources.list` answers for an account, whole: by `sequence`, then `id`. */
export function referenceResourcesList(dataset: Dataset, accountId: string): Record<string, unknown>[] {
  return dataset.resources
    .filter((r) => r.account_id === accountId)
    .sort((a, b) => a.sequence - b.sequence || compareBytes(a.id, b.id))
    .map(({ account_id: _account, versions, ...resource }) => ({
      ...resource,
      // Oldest first; Array.prototype.sort is stable, so versions created at the same
      // instant keep the document's order.
      versions: [...versions].sort((a, b) => a.created - b.created),
    }));
}

/** The types `equipmentTypes.list` answers for an account, whole: by `name`, then `id`, bytewise. */
export function referenceEquipmentTypesList(dataset: Dataset, accountId: string): Record<string, unknown>[] {
  return dataset.equipmentTypes
    .filter((t) => t.account_id === accountId)
    .sort((a, b) => compareBytes(a.name, b.name) || compareBytes(a.id, b.id))
    .map(({ id, name, metafields }) => ({ id, name, metafields }));
}

/** A whole list cut into the pages a walk of `limit` records a page reads. */
export function referencePages<T>(records: readonly T[], limit: number): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < records.length; start += limit) pages.push(records.slice(start, start + limit));
  return pages.length ? pages : [[]];
}
