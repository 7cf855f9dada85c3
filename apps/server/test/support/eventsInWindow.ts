import type { Event } from "@wsafe/schema";
import { expect } from "vitest";
import type { PipelineServices } from "../../src/pipeline/RequestState.js";
import { callInProcess } from "./callInProcess.js";

/**
 * Every event of the token's account in `[from, to]`, asked through `events.list` at `now`
 * and walked page by page (small pages on purpose: the walk's cursor is part of what is
 * checked). The property suites fold them onto the lists' statuses.
 *
 * @param services - the in-process pipeline
 * @param token - a read token of the account
 * @param window - the instants, both ends included (ms)
 * @param now - the requests' instant
 * @param limit - the page size
 * @example
 * const events = await eventsInWindow(services, account.token, { from, to }, now, 7);
 */
export async function eventsInWindow(
  services: PipelineServices,
  token: string,
  window: { from: number; to: number },
  now: number,
  limit: number,
): Promise<Event[]> {
  const events: Event[] = [];
  let cursor: string | undefined;
  do {
    const page = await callInProcess(
      services,
      "events.list",
      { token, ...window, limit, ...(cursor ? { cursor } : {}) },
      now,
    );
    expect(page.ok, JSON.stringify(page)).toBe(true);
    events.push(...page.events);
    cursor = page.response_metadata.next_cursor;
  } while (cursor);
  return events;
}
