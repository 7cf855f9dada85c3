import { describe, expect, it } from "vitest";
import { clientDefaults } from "./clientDefaults.js";
import { createClient } from "./createClient.js";
import { getMeta } from "./ResponseMeta.js";
import { envelope, fakeFetch } from "./testing/fakeFetch.js";

const baseUrl = "https://wsafe.test";
const token = "t";

describe("clientDefaults", () => {
  // The docs print this object as the defaults; these cases hold the client to it.
  it("is the HTTP method and header prefix of a client given neither", async () => {
    const fetch = fakeFetch(
      envelope(
        { ok: true, resources: [] },
        { [`${clientDefaults.headerPrefix}-Request-ID`]: "R".repeat(20) },
      ),
    );
    const result = await createClient({ baseUrl, token, fetch }).resources.list();
    expect(fetch.calls[0]!.init.method).toBe(clientDefaults.method);
    expect(getMeta(result).requestId).toBe("R".repeat(20));
  });

  it("is the retry count of a client whose retries leave maxRetries out", async () => {
    const fetch = fakeFetch(new TypeError("fetch failed"));
    const client = createClient({ baseUrl, token, fetch, retries: { minDelayMs: 1, maxDelayMs: 1 } });
    await expect(client.resources.list()).rejects.toMatchObject({ code: "wsafe_transport_error" });
    expect(fetch.calls).toHaveLength(clientDefaults.retries.maxRetries + 1);
  });

  it("is frozen, so that no caller can change the defaults of every other client", () => {
    expect(Object.isFrozen(clientDefaults)).toBe(true);
    expect(Object.isFrozen(clientDefaults.retries)).toBe(true);
  });
});
