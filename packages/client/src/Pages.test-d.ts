import type {
  Equipment,
  EquipmentSelection,
  EquipmentType,
  Event,
  Resource,
  WebhookDelivery,
} from "@wsafe/schema";
import { describe, expectTypeOf, it } from "vitest";
import { createClient } from "./createClient.js";
import type { FeedMethodName, PageItem, PaginatedMethodName } from "./Pages.js";

const client = createClient({ baseUrl: "https://wsafe.test", token: "t" });

describe("paginate", () => {
  it("is offered for the methods that take a cursor, and only them", () => {
    expectTypeOf<PaginatedMethodName>().toEqualTypeOf<
      | "resources.list"
      | "equipments.list"
      | "equipmentTypes.list"
      | "events.list"
      | "webhooks.deliveries"
      | "inspections.list"
    >();
    // @ts-expect-error: users.info answers one user, not pages
    void client.paginate("users.info", { user: "u" });
  });

  it("is not offered for a feed, which takes a cursor but never ends", () => {
    expectTypeOf<FeedMethodName>().toEqualTypeOf<"equipments.changes">();
    // @ts-expect-error: equipments.changes is a feed: mirrorEquipments reads it
    void client.paginate("equipments.changes");
  });

  it("types the records of each method, narrowed to literal columns", () => {
    expectTypeOf<PageItem<"resources.list">>().toEqualTypeOf<Resource>();
    expectTypeOf<PageItem<"equipmentTypes.list">>().toEqualTypeOf<EquipmentType>();
    expectTypeOf<PageItem<"equipments.list">>().toEqualTypeOf<Equipment>();
    expectTypeOf<PageItem<"events.list">>().toEqualTypeOf<Event>();
    expectTypeOf<PageItem<"webhooks.deliveries">>().toEqualTypeOf<WebhookDelivery>();
    const rows = client
      .paginate("equipments.list", { equipmentType_id: "et", columns: ["id", "status"] })
      .all();
    expectTypeOf(rows).resolves.toEqualTypeOf<Pick<Equipment, "id" | "status">[]>();
    const columns: ("id" | "title")[] = ["id"];
    const anySelection = client.paginate("equipments.list", { equipmentType_id: "et", columns }).items();
    expectTypeOf(anySelection).toEqualTypeOf<AsyncIterableIterator<EquipmentSelection>>();
  });

  it("needs what the method needs, and refuses what it does not take", () => {
    // @ts-expect-error: equipments.list needs its type
    void client.paginate("equipments.list");
    void client.paginate("resources.list");
    // @ts-expect-error: not a parameter of equipmentTypes.list
    void client.paginate("equipmentTypes.list", { status: ["expired"] });
  });

  it("iterates pages with their metadata", async () => {
    for await (const page of client.paginate("equipmentTypes.list", { limit: 10 })) {
      expectTypeOf(page.equipmentTypes).toEqualTypeOf<EquipmentType[]>();
      expectTypeOf(page.response_metadata).toEqualTypeOf<{ next_cursor: string } | undefined>();
    }
  });
});
