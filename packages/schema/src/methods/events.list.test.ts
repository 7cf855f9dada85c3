import { describe, expect, it } from "vitest";
import { eventCauseMeanings } from "../records/event.js";
import { eventsList } from "./events.list.js";

describe("events.list's description", () => {
  // It named two causes of three once inspections.record added `inspection`.
  it("names every cause an event may have", () => {
    const named = Object.keys(eventCauseMeanings).filter((cause) =>
      eventsList.description.includes(`\`cause: "${cause}"\``),
    );
    expect(named).toEqual(Object.keys(eventCauseMeanings));
  });
});
