import { describe, expect, it } from "vitest";
import { answerDifferences } from "./rawAnswer.mjs";

const names = { requestId: "SVC-Request-ID", responseTime: "SVC-Response-Time" };
const answer = (/** @type {string[]} */ headers, body = "{}") => ({
  head: ["HTTP/1.1 200 OK", ...headers].join("\r\n"),
  body: Buffer.from(body),
});
const wsafe = [
  "svc-request-id: uUTA14X6h7ZKJaPgIMJSoeA8",
  "svc-response-time: 0",
  "content-type: application/json; charset=utf-8",
  "Date: Sat, 28 Nov 2026 20:59:42 GMT",
];

describe("answerDifferences", () => {
  it("sets aside the id's characters, the time and the date, nothing else", () => {
    const floor = [
      "svc-request-id: uRl8za7vEKhw7wGMh9N38KvD",
      "svc-response-time: 12",
      "content-type: application/json; charset=utf-8",
      "Date: Sat, 28 Nov 2026 20:59:43 GMT",
    ];
    expect(answerDifferences(answer(wsafe), answer(floor), names)).toEqual([]);
  });

  it("finds a header missing, in another order or case, an id of another length and other body bytes", () => {
    const [id, time, type, date] = wsafe;
    expect(answerDifferences(answer(wsafe), answer([id, time, date]), names)).toHaveLength(2);
    expect(answerDifferences(answer(wsafe), answer([id, type, time, date]), names)).toHaveLength(2);
    expect(answerDifferences(answer(wsafe), answer([id, time, type.toUpperCase(), date]), names)).toEqual([
      `line 4: ${type} | ${type.toUpperCase()}`,
    ]);
    expect(
      answerDifferences(answer(wsafe), answer(["svc-request-id: short", time, type, date]), names),
    ).toEqual(["line 2: svc-request-id: <id of 24> | svc-request-id: <id of 5>"]);
    expect(answerDifferences(answer(wsafe), answer(wsafe, "{ }"), names)).toEqual([
      "body: 2 bytes | 3 bytes, not the same",
    ]);
  });
});
