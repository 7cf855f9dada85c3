import type {
  Equipment,
  EquipmentField,
  EquipmentSelection,
  EventType,
  MethodName,
  MethodResult,
  Resource,
  User,
  Webhook,
  WebhookDelivery,
} from "@wsafe/schema";
import { fetch as undiciFetch } from "undici";
import { describe, expectTypeOf, it } from "vitest";
import type { CallParams } from "./CallTypes.js";
import type { CallOptions } from "./ClientOptions.js";
import { createClient } from "./createClient.js";
import type { ResponseMeta, WithMeta } from "./ResponseMeta.js";
import { getMeta } from "./ResponseMeta.js";
import type { MethodFunction, MethodTree, WsafeClient } from "./WsafeClient.js";

const client = createClient({ baseUrl: "https://wsafe.test", token: "t" });

describe("WsafeClient", () => {
  it("has one namespace per first segment of the registry's method names", () => {
    // The namespaces come from the registry, not from a list here: a new method needs no edit.
    type Namespace<Name> = Name extends `${infer First}.${string}` ? First : never;
    expectTypeOf<keyof WsafeClient>().toEqualTypeOf<"call" | "paginate" | Namespace<MethodName>>();
    expectTypeOf<"equipments" | "users">().toExtend<keyof WsafeClient>();
    expectTypeOf<keyof typeof client.equipments>().toEqualTypeOf<
      "list" | "changes" | "create" | "update" | "retire"
    >();
    expectTypeOf(client.equipments.list).toEqualTypeOf<MethodFunction<"equipments.list">>();
    expectTypeOf(client.equipments.changes).toEqualTypeOf<MethodFunction<"equipments.changes">>();
    expectTypeOf(client.users.info).toEqualTypeOf<MethodFunction<"users.info">>();
  });

  it("nests any dotted wire name, so a new schema method needs no client change", () => {
    type Tree = MethodTree<"inspections.record" | "inspections.list" | "admin.tokens.revoke">;
    expectTypeOf<keyof Tree>().toEqualTypeOf<"inspections" | "admin">();
    expectTypeOf<keyof Tree["inspections"]>().toEqualTypeOf<"record" | "list">();
    expectTypeOf<keyof Tree["admin"]["tokens"]>().toEqualTypeOf<"revoke">();
  });

  it("resolves each method to its result from the schema, with meta", async () => {
    const { user } = await client.users.info({ user: "u_ada" });
    expectTypeOf(user).toEqualTypeOf<User>();
    const resources = await client.resources.list();
    expectTypeOf(resources).toEqualTypeOf<WithMeta<MethodResult<"resources.list">>>();
    expectTypeOf(resources.resources).toEqualTypeOf<Resource[]>();
    expectTypeOf(getMeta(resources)).toEqualTypeOf<ResponseMeta>();
  });

  it("supplies the token, so params need only the method's own fields", () => {
    expectTypeOf(client.users.info).parameter(0).toEqualTypeOf<CallParams<"users.info">>();
    expectTypeOf<CallParams<"users.info">>().toEqualTypeOf<{
      user: string | number;
      pretty?: boolean | undefined;
      token?: string;
    }>();
    expectTypeOf(client.users.info).parameter(1).toEqualTypeOf<CallOptions | undefined>();
    expectTypeOf(client.users.info).toBeCallableWith({ user: "u_ada" });
    // resources.list needs nothing, so params are optional.
    expectTypeOf(client.resources.list).toBeCallableWith();
    expectTypeOf(client.resources.list).toBeCallableWith({ token: "other" }, { method: "GET" });
  });

  it("rejects wrong params at compile time", () => {
    // @ts-expect-error: equipmentType_id is required
    void client.equipments.list({});
    // @ts-expect-error: a misspelt parameter is an excess property
    void client.equipments.list({ equipmentType_id: "et", colums: ["id"] });
    // @ts-expect-error: not an equipment field
    void client.equipments.list({ equipmentType_id: "et", columns: ["serial"] });
    // @ts-expect-error: service_type is "in" | "out" | "all"
    void client.equipments.list({ equipmentType_id: "et", service_type: "both" });
    // @ts-expect-error: user is a string or a number
    void client.users.info({ user: true });
    // @ts-expect-error: users.info needs params
    void client.users.info();
    // @ts-expect-error: resources.list takes no other parameter
    void client.resources.list({ sort: "title" });
    // @ts-expect-error: a page holds at most what the schema says, and limit is a number
    void client.resources.list({ limit: "10" });
    // @ts-expect-error: no such method
    void client.users.list;
    // @ts-expect-error: HTTP method is POST or GET
    void client.resources.list({}, { method: "PUT" });
  });

  it("narrows equipment rows to the columns passed as a literal tuple", async () => {
    const { equipments } = await client.equipments.list({
      equipmentType_id: "et",
      columns: ["id", "status"],
    });
    expectTypeOf(equipments).toEqualTypeOf<Pick<Equipment, "id" | "status">[]>();
    expectTypeOf(equipments[0]!.status).toEqualTypeOf<"uptodate" | "expiring" | "expired">();
  });

  it("returns whole equipment records without columns or with empty columns", async () => {
    expectTypeOf((await client.equipments.list({ equipmentType_id: "et" })).equipments).toEqualTypeOf<
      Equipment[]
    >();
    expectTypeOf(
      (await client.equipments.list({ equipmentType_id: "et", columns: [] })).equipments,
    ).toEqualTypeOf<Equipment[]>();
  });

  it("returns any selection when columns are not known at compile time", async () => {
    const columns: EquipmentField[] = ["id"];
    const { equipments } = await client.equipments.list({ equipmentType_id: "et", columns });
    expectTypeOf(equipments).toEqualTypeOf<EquipmentSelection[]>();
  });

  it("types call() by the wire name", async () => {
    expectTypeOf(await client.call("users.info", { user: 1 })).toEqualTypeOf<
      WithMeta<MethodResult<"users.info">>
    >();
    expectTypeOf(client.call<"resources.list">).toBeCallableWith("resources.list");
    // @ts-expect-error: unknown method
    void client.call("users.list", {});
    // @ts-expect-error: wrong params for the method
    void client.call("users.info", { equipmentType_id: "et" });
    expectTypeOf<Parameters<typeof client.call>[0]>().toEqualTypeOf<MethodName>();
  });
});

describe("the webhooks methods, from the registry with no client change", () => {
  it("has the six methods under one namespace", () => {
    expectTypeOf<keyof WsafeClient["webhooks"]>().toEqualTypeOf<
      "create" | "list" | "delete" | "rotate_secret" | "deliveries" | "redeliver"
    >();
    expectTypeOf(client.webhooks.rotate_secret).toEqualTypeOf<MethodFunction<"webhooks.rotate_secret">>();
    expectTypeOf(client.webhooks.redeliver).toEqualTypeOf<MethodFunction<"webhooks.redeliver">>();
    expectTypeOf(client.webhooks.redeliver).toBeCallableWith({ webhook_id: "wh_1", since: 1796083200000 });
    expectTypeOf(client.webhooks.redeliver).toBeCallableWith({ webhook_id: "wh_1", event_id: "ev_1" });
  });

  it("types the write methods' params and results", async () => {
    const made = await client.webhooks.create({
      url: "https://hooks.example.com/wsafe",
      types: ["equipment.status_changed"],
      equipmentType_id: "et_harness",
    });
    expectTypeOf(made.webhook).toEqualTypeOf<Webhook>();
    expectTypeOf(made.secret).toEqualTypeOf<string>();
    expectTypeOf(made.webhook.types).toEqualTypeOf<EventType[]>();
    expectTypeOf(made.webhook.state).toEqualTypeOf<"active" | "failing" | "disabled">();
    expectTypeOf(made.webhook.previous_secret_expires_at).toEqualTypeOf<number | null>();
    expectTypeOf(made).toEqualTypeOf<WithMeta<MethodResult<"webhooks.create">>>();

    const rotated = await client.webhooks.rotate_secret({ id: made.webhook.id });
    expectTypeOf(rotated.secret).toEqualTypeOf<string>();
    expectTypeOf(rotated.previous_secret_expires_at).toEqualTypeOf<number>();
    // A write token of its own, for a client made with a read token.
    expectTypeOf(client.webhooks.delete).toBeCallableWith({ id: "wh_1", token: "write-token" });
    expectTypeOf(await client.webhooks.delete({ id: "wh_1" })).toEqualTypeOf<WithMeta<{ ok: true }>>();
  });

  it("types the read methods: the endpoints and one page of attempts", async () => {
    const { webhooks } = await client.webhooks.list();
    expectTypeOf(webhooks).toEqualTypeOf<Webhook[]>();
    const page = await client.webhooks.deliveries({ webhook_id: "wh_1", limit: 10 });
    expectTypeOf(page.deliveries).toEqualTypeOf<WebhookDelivery[]>();
    expectTypeOf(page.deliveries[0]!.status).toEqualTypeOf<number | null>();
    expectTypeOf(page.response_metadata.next_cursor).toEqualTypeOf<string>();
  });

  it("rejects wrong webhook params at compile time", () => {
    // @ts-expect-error: url is required
    void client.webhooks.create({ types: ["equipment.status_changed"] });
    // @ts-expect-error: not an event type of the schema
    void client.webhooks.create({ url: "https://h.example", types: ["equipment.exploded"] });
    // @ts-expect-error: webhooks.delete takes id, not webhook_id
    void client.webhooks.delete({ webhook_id: "wh_1" });
    // @ts-expect-error: webhooks.deliveries needs webhook_id
    void client.webhooks.deliveries({ limit: 10 });
    // @ts-expect-error: no such method
    void client.webhooks.update;
  });
});

describe("createClient options", () => {
  it("accepts the global fetch and undici's fetch as they are", () => {
    expectTypeOf(createClient).toBeCallableWith({
      baseUrl: "https://x",
      token: "t",
      fetch: globalThis.fetch,
    });
    expectTypeOf(createClient).toBeCallableWith({ baseUrl: "https://x", token: "t", fetch: undiciFetch });
  });
});
