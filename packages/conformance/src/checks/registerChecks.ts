import { isDeepStrictEqual } from "node:util";
import { type MethodName, methods } from "@wsafe/schema";
import { type CheckContext, type CheckDefinition, CheckSkipped, expect } from "../CheckContext.js";
import type { ConformanceOptions } from "../ConformanceOptions.js";
import { findEquipment, pagesOf } from "../findEquipment.js";
import { readFeed } from "../readFeed.js";
import { expectEvents, listedInType, reported } from "../registerReads.js";
import {
  atRequest,
  createParams,
  expectedCreated,
  expectSame,
  needs,
  type RegisterRun,
  write,
  writeKey,
} from "../registerWrites.js";

const changes = "equipments.changes";

/**
 * The effects of the register's writes a run makes (opt-in: `writeRegister`, with the
 * write token): one equipment of the named type created under a key of the kit's own,
 * updated by that key with `if_version`, and retired, each effect a check of the method
 * it belongs to. The first check writes; the others read what it wrote, and are skipped
 * when it failed. They run where `equipments.create`'s checks do.
 *
 * @param method - the method checked (the block stands with `equipments.create`)
 * @param options - the run's options
 */
export function registerChecks(method: MethodName, options: ConformanceOptions): CheckDefinition[] {
  const target = options.writeRegister;
  if (method !== "equipments.create" || !target) return [];
  const run: RegisterRun = { target };
  const type = target.equipmentType_id;
  const check = (
    suite: MethodName,
    name: string,
    body: (ctx: CheckContext) => Promise<void>,
  ): CheckDefinition => ({
    suite,
    name: `written: ${name}`,
    run: body,
  });
  return [
    check(
      "equipments.create",
      `equipments.create of a ${type} under a new external_id answers it as sent: version 1, created at the request's instant`,
      async (ctx) => {
        // Where the feed is before the create: what it reports next is the run's.
        const feed = methods[changes].feed;
        try {
          if (feed) run.cursorBefore = (await readFeed(ctx, changes, feed)).cursor;
        } catch (error) {
          if (!(error instanceof CheckSkipped)) throw error;
          run.feedSkipped = error.message;
        }
        const created = await write(ctx, "equipments.create", createParams(target, Date.now()));
        run.created = created;
        expect(
          atRequest(created.equipment.created, created),
          `created ${created.equipment.created} is not the request's instant (${created.sent}..${created.received})`,
        );
        expectSame(created.equipment, expectedCreated(created), "the equipment answered");
      },
    ),
    check(
      "equipments.create",
      "equipments.list returns the created equipment as answered, at as_of created",
      async (ctx) => {
        const { equipment } = needs(run.created, "created");
        expectSame(
          await findEquipment(ctx, equipment.id, equipment.created),
          equipment,
          "equipments.list's record",
        );
      },
    ),
    check(
      "equipments.create",
      "its idempotency key answers a repeat with the first answer, other parameters with idempotency_key_reused; a new key with its external_id answers external_id_taken naming it and the holder; one equipment made",
      async (ctx) => {
        const { params, body, equipment } = needs(run.created, "created");
        const again = ctx.expectSuccess(await ctx.post("equipments.create", params));
        expect(isDeepStrictEqual(again, body), "the repeat answered another equipment");
        ctx.expectError(
          await ctx.post("equipments.create", { ...params, notes: "Other parameters, the same key." }),
          "idempotency_key_reused",
        );
        const taken = await ctx.post("equipments.create", { ...params, idempotency_key: writeKey("taken") });
        ctx.expectError(taken, "external_id_taken", String(params.external_id));
        const description = String((taken.json as { description?: string }).description);
        expect(
          description.includes(equipment.id),
          `external_id_taken's description ${JSON.stringify(description)} does not name the holder ${equipment.id}`,
        );
        const same: Record<string, unknown>[] = [];
        for await (const rows of pagesOf(
          ctx,
          "equipments.list",
          { equipmentType_id: type, service_type: "all", columns: ["id", "external_id"] },
          "equipments",
        ))
          same.push(...rows.filter((row) => row.external_id === params.external_id));
        expect(
          same.length === 1,
          `equipments.list holds ${same.length} equipment with external_id ${params.external_id}, expected 1`,
        );
      },
    ),
    check(
      "equipments.update",
      "equipments.update by external_id with if_version changes only the fields sent, one version more, as equipments.list then lists it",
      async (ctx) => {
        const created = needs(run.created, "created");
        const fields = { title: "Changed by @wsafe/conformance", notes: "Changed by @wsafe/conformance." };
        const updated = await write(ctx, "equipments.update", {
          external_id: created.equipment.external_id,
          if_version: created.equipment.version,
          ...fields,
          idempotency_key: writeKey("update"),
        });
        run.updated = updated;
        expectSame(
          updated.equipment,
          { ...created.equipment, ...fields, version: created.equipment.version + 1 },
          "the equipment answered",
        );
        expectSame(
          await findEquipment(ctx, created.equipment.id),
          updated.equipment,
          "equipments.list's record",
        );
      },
    ),
    check(
      "equipments.update",
      "a stale if_version answers version_mismatch naming both versions, and changes nothing",
      async (ctx) => {
        const { equipment } = needs(run.updated, "updated");
        const stale = equipment.version - 1;
        const response = await ctx.post("equipments.update", {
          id: equipment.id,
          if_version: stale,
          notes: "A stale write: must change nothing.",
          idempotency_key: writeKey("stale"),
        });
        ctx.expectError(response, "version_mismatch", String(equipment.version));
        const description = String((response.json as { description?: string }).description);
        expect(
          new RegExp(`\\b${stale}\\b`).test(description),
          `version_mismatch's description ${JSON.stringify(description)} does not name if_version ${stale}`,
        );
        expectSame(
          await findEquipment(ctx, equipment.id),
          equipment,
          "equipments.list's record after the refusal",
        );
      },
    ),
    check(
      changes,
      "equipments.changes from before the create reports the equipment once, as equipments.list returns it",
      async (ctx) => {
        const { equipment } = needs(run.updated, "updated");
        const { entries, cursor } = await reported(ctx, run, run.cursorBefore, equipment.id);
        run.cursorAfterUpdate = cursor;
        expect(
          entries.length === 1,
          `equipments.changes reported ${equipment.id} ${entries.length} times, expected once`,
        );
        expectSame(
          entries[0]?.record,
          await findEquipment(ctx, equipment.id),
          "the record equipments.changes reported",
        );
      },
    ),
    check(
      "equipments.retire",
      "equipments.retire by external_id answers it as it was, one version more, with retired_at; no list holds it",
      async (ctx) => {
        const { equipment } = needs(run.updated, "updated");
        const retired = await write(ctx, "equipments.retire", {
          external_id: equipment.external_id,
          idempotency_key: writeKey("retire"),
        });
        run.retired = { ...retired, retired_at: retired.body.retired_at as number };
        expect(
          atRequest(retired.body.retired_at, retired),
          `retired_at ${retired.body.retired_at} is not the request's instant`,
        );
        expectSame(
          retired.equipment,
          { ...equipment, version: equipment.version + 1 },
          "the equipment answered",
        );
        const still = await listedInType(ctx, type, equipment.id);
        expect(
          still.length === 0,
          `equipments.list of ${type} with service_type "all" still holds ${equipment.id}`,
        );
      },
    ),
    check("equipments.retire", "a second retirement, by id, answers the first answer", async (ctx) => {
      const { body, equipment } = needs(run.retired, "retired");
      const again = ctx.expectSuccess(
        await ctx.post("equipments.retire", { id: equipment.id, idempotency_key: writeKey("retire-again") }),
      );
      expect(isDeepStrictEqual(again, body), "the second retirement answered something else than the first");
    }),
    check(changes, "equipments.changes then reports it retired: equipment null", async (ctx) => {
      const { equipment } = needs(run.retired, "retired");
      const { entries } = await reported(ctx, run, run.cursorAfterUpdate, equipment.id);
      expect(
        entries.length === 1 && entries[0]?.record === null,
        `equipments.changes reported ${equipment.id} as ${JSON.stringify(entries.map((entry) => entry.record && "a record"))}, expected once, null`,
      );
    }),
    check(
      "events.list",
      "its events are equipment.created, .updated with previous_attributes and .retired carrying what each write answered, and its statuses' first and last transitions, all of cause api",
      async (ctx) => {
        const created = needs(run.created, "created");
        const updated = needs(run.updated, "updated");
        const retired = needs(run.retired, "retired");
        await expectEvents(ctx, created.equipment, [created, updated, retired]);
      },
    ),
  ];
}
