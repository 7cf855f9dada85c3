import { describe, expectTypeOf, it } from "vitest";
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
