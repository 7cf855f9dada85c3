import type { Equipment } from "@wsafe/schema";
import { type CheckContext, CheckFailed } from "./CheckContext.js";

/** Reads a list method page by page, 1 000 records at a time, until `found` says stop. */
async function* pagesOf(
  ctx: CheckContext,
  method: string,
  params: Record<string, unknown>,
  field: string,
): AsyncGenerator<Record<string, unknown>[]> {
  let cursor: string | undefined;
  do {
    const body = ctx.expectSuccess(
      await ctx.post(method, { ...params, limit: 1000, ...(cursor ? { cursor } : {}) }, ctx.options.token),
    ) as { response_metadata?: { next_cursor: string } } & Record<string, unknown>;
    yield body[field] as Record<string, unknown>[];
    cursor = body.response_metadata?.next_cursor;
  } while (cursor);
}

/**
 * An equipment of the account as `equipments.list` returns it (every field, every service
 * state), statuses at `asOf` or now: found through every equipment type of the account,
 * since an equipment id alone names no type.
 *
 * @param ctx - the run
 * @param id - the equipment's id
 * @param asOf - the instant of its statuses; default the request's
 * @throws CheckFailed when no type of the account lists it
 */
export async function findEquipment(ctx: CheckContext, id: string, asOf?: number): Promise<Equipment> {
  for await (const types of pagesOf(ctx, "equipmentTypes.list", {}, "equipmentTypes")) {
    for (const type of types) {
      const params = {
        equipmentType_id: type.id,
        service_type: "all",
        ...(asOf === undefined ? {} : { as_of: asOf }),
      };
      for await (const equipments of pagesOf(ctx, "equipments.list", params, "equipments")) {
        const found = equipments.find((equipment) => equipment.id === id);
        if (found) return found as unknown as Equipment;
      }
    }
  }
  throw new CheckFailed(`no equipment type of the account lists equipment ${id}: check --record-inspection`);
}
