import { errorResponseSchema } from "@wsafe/schema";
import { expect } from "vitest";
import type { ApiAnswer } from "./callApi.js";

/**
 * Asserts a failure as every failure must be: HTTP 200, JSON content type, the envelope,
 * the identifier, a description without internals (SQL, stack frames, paths) and, when
 * given, that description.
 */
export function expectFailure(answer: ApiAnswer, error: string, description?: string | RegExp) {
  expect(answer.status).toBe(200);
  expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(errorResponseSchema.parse(answer.body)).toEqual(answer.body);
  expect(answer.body.error).toBe(error);
  expect(typeof answer.body.description).toBe("string");
  expect(answer.body.description).not.toMatch(/SELECT|INSERT|\bat\s.+:\d+|\/work\/|node_modules|stack/i);
  if (typeof description === "string") expect(answer.body.description).toBe(description);
  else if (description) expect(answer.body.description).toMatch(description);
}
