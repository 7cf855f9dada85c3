import type { Sql } from "../store/database/Sql.js";
import { isStorableText } from "../store/isStorableText.js";
import type { PageRows } from "../store/Store.js";
import {
  type InspectionRow,
  type InspectionsFilter,
  inspectionRecord,
  listInspectionsQuery,
} from "./listInspectionsQuery.js";

/**
 * The inspections of every account, as `inspections.list` reads them (`inspections.record`
 * writes them in its own transaction: `recordInspection.ts`). Every statement names the
 * account, so one account never reaches another's.
 */
export class InspectionStore {
  /** @param sql - the store's database */
  constructor(readonly sql: Sql) {}

  /**
   * One page of the account's inspections that pass the filter, as JSON texts of
   * inspection records in (`performed_at`, `id`) order, with their keys.
   *
   * @param filter - the account and the checked filters
   * @param after - the key of the previous page's last inspection (`performed_at` as text, `id`)
   * @param rows - how many to read
   */
  async page(
    filter: InspectionsFilter,
    after: readonly [string, string] | undefined,
    rows: number,
  ): Promise<PageRows> {
    const { text, params } = listInspectionsQuery(filter, after, rows);
    const found = await this.sql.query<InspectionRow>(text, params);
    return {
      records: found.map((row) => JSON.stringify(inspectionRecord(row))),
      keys: found.map((row) => [row.performed_at, row.id] as const),
    };
  }

  /**
   * Whether the equipment is one of the account's (its row's account: its type's, by
   * migration 0014's key), in the register or retired: a retired equipment's inspections
   * are the certification record, still listed by its id.
   */
  async hasEquipment(accountId: string, equipmentId: string): Promise<boolean> {
    if (!isStorableText(equipmentId)) return false;
    const rows = await this.sql.query(
      `SELECT 1 FROM equipments WHERE id = $1 AND account_id = $2
       UNION ALL SELECT 1 FROM retired_equipments WHERE id = $1 AND account_id = $2`,
      [equipmentId, accountId],
    );
    return rows.length > 0;
  }
}
