import { describe, expectTypeOf, it } from "vitest";
import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "./envelope.js";
import type {
  Equipment,
  EquipmentField,
  EquipmentsListParams,
  EquipmentsListResult,
  ErrorIdentifier,
  MethodError,
  MethodName,
  MethodParams,
  MethodPermission,
  MethodResult,
  Methods,
  Schedule,
  Status,
  User,
  UsersInfoParams,
} from "./index.js";
import { defineMethod } from "./methods/defineMethod.js";

describe("exported types", () => {
  // Checked without listing the methods again: the registry is that list, and a new
  // method must not need an edit here.
  it("names the methods by their wire names, as literal types", () => {
    expectTypeOf<MethodName>().toEqualTypeOf<keyof Methods>();
    expectTypeOf<"users.info">().toExtend<MethodName>();
    expectTypeOf<string>().not.toExtend<MethodName>();
    expectTypeOf<MethodName>().toExtend<`${string}.${string}`>();
  });

  // The tRPC router makes a method that writes a mutation from this literal type.
  it("keeps each method's permission as a literal type", () => {
    expectTypeOf<MethodPermission<"users.info">>().toEqualTypeOf<"read">();
    expectTypeOf<MethodPermission<"webhooks.create">>().toEqualTypeOf<"write">();
    expectTypeOf<MethodPermission<MethodName>>().toEqualTypeOf<"read" | "write">();
  });

  // defineMethod gives every write its key; nothing lists the writes here.
  it("gives every write method idempotency_key and idempotency_key_reused, and no read either", () => {
    type WriteName = {
      [Name in MethodName]: MethodPermission<Name> extends "write" ? Name : never;
    }[MethodName];
    expectTypeOf<MethodParams<WriteName>["idempotency_key"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<"idempotency_key_reused">().toExtend<MethodError<WriteName>>();
    expectTypeOf<"idempotency_key_reused">().not.toExtend<MethodError<"webhooks.list">>();
    expectTypeOf<MethodParams<"webhooks.list">>().not.toHaveProperty("idempotency_key");
  });

  it("refuses a method whose permission its name contradicts", () => {
    const spec = {
      summary: "A method for this test.",
      description: "A method for this test, its description.",
      params: z.strictObject({ ...requestEnvelopeShape }),
      result: successEnvelope({}),
      ownErrors: [],
      examples: [],
    };
    // @ts-expect-error: a name ending in .list reads
    defineMethod({ ...spec, name: "things.list", permission: "write" });
    // @ts-expect-error: any other name writes
    defineMethod({ ...spec, name: "things.make", permission: "read" });
    expectTypeOf(
      defineMethod({ ...spec, name: "things.make", permission: "write" }).permission,
    ).toEqualTypeOf<"write">();
  });

  it("types equipment records exactly", () => {
    expectTypeOf<Equipment["clients_id"]>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<Equipment["title"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Equipment["status"]>().toEqualTypeOf<Status>();
    expectTypeOf<Schedule["expiresOn"]>().toEqualTypeOf<number | null>();
    expectTypeOf<EquipmentField>().toEqualTypeOf<keyof Equipment>();
  });

  it("lets callers leave defaulted parameters out", () => {
    expectTypeOf<{ token: string; equipmentType_id: string }>().toExtend<EquipmentsListParams>();
    expectTypeOf<EquipmentsListParams["service_type"]>().toEqualTypeOf<"in" | "out" | "all" | undefined>();
    expectTypeOf<UsersInfoParams["user"]>().toEqualTypeOf<string | number>();
    expectTypeOf<MethodParams<"equipments.list">>().toEqualTypeOf<EquipmentsListParams>();
  });

  it("maps each method to its result and its errors", () => {
    expectTypeOf<MethodResult<"equipments.list">>().toEqualTypeOf<EquipmentsListResult>();
    expectTypeOf<Methods["users.info"]["result"]["user"]>().toEqualTypeOf<User>();
    expectTypeOf<MethodError<"resources.list">>().toExtend<ErrorIdentifier>();
    expectTypeOf<"content_not_found">().toExtend<MethodError<"users.info">>();
    expectTypeOf<"content_not_found">().not.toExtend<MethodError<"resources.list">>();
    expectTypeOf<"parameter_missing">().not.toExtend<MethodError<"resources.list">>();
    expectTypeOf<"parameter_missing">().toExtend<MethodError<"users.info">>();
    expectTypeOf<"token_permission">().toExtend<MethodError<MethodName>>();
    expectTypeOf<"api_method_not_found">().not.toExtend<MethodError<MethodName>>();
  });
});
