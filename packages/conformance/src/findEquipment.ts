import type { Equipment } from "@wsafe/schema";
import { type CheckContext, CheckFailed } from "./CheckContext.js";

/**
 * Reads a list method page by page, 1 000 records at a time, with the read token.
 *
 * @example
 * for await (const types of pagesOf(ctx, "equipmentTypes.list", {}, "equipmentTypes")) console.log(types.length);
 */
export async function* pagesOf(
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

/**
 * Every equipment of the account as `equipments.list` returns it, every type, in service
 * or not, by id: what a copy kept by `equipments.changes` must hold.
 *
 * @param ctx - the run
 * @example
 * const register = await listRegister(ctx); // Map { "eq_h_0001" => {...}, ... }
 */
export async function listRegister(ctx: CheckContext): Promise<Map<string, Equipment>> {
  const register = new Map<string, Equipment>();
  for await (const types of pagesOf(ctx, "equipmentTypes.list", {}, "equipmentTypes"))
    for (const type of types)
      for await (const equipments of pagesOf(
        ctx,
        "equipments.list",
        { equipmentType_id: type.id, service_type: "all" },
        "equipments",
      ))
        for (const equipment of equipments)
          register.set(String(equipment.id), equipment as unknown as Equipment);
  return register;
}
