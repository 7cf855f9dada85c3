import { describe, expect, it } from "vitest";
import { ErrorCode } from "../../errors/ErrorCode.js";
import { transportErrorFromReply } from "./transportErrorFromReply.js";

const meta = { requestId: undefined, responseTime: undefined, status: 502, attempts: 1 };

describe(transportErrorFromReply, () => {
  it("keeps the status and the start of the body that was not the envelope", () => {
    const error = transportErrorFromReply("resources.list", "<html>502 Bad Gateway</html>", meta);
    expect({ ...error }).toEqual({
      name: "WsafeTransportError",
      code: ErrorCode.TransportError,
      method: "resources.list",
      meta,
      status: 502,
      bodySnippet: "<html>502 Bad Gateway</html>",
    });
    expect(error.message).toBe(
      'resources.list: HTTP 502 reply is not a /v1 JSON envelope: "<html>502 Bad Gateway</html>"',
    );
  });

  it("cuts the snippet at 200 characters and the message's quote at 80", () => {
    const error = transportErrorFromReply("resources.list", "x".repeat(500), meta);
    expect(error.bodySnippet).toBe("x".repeat(200));
    expect(error.message).toBe(
      `resources.list: HTTP 502 reply is not a /v1 JSON envelope: "${"x".repeat(80)}"`,
    );
  });
});
