import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { ForbiddenAddressError, guardedLookup, type SystemLookup } from "./guardedLookup.js";

/** A resolver that answers `addresses` for any name: what DNS says is the test's to choose. */
const answering =
  (addresses: LookupAddress[]): SystemLookup =>
  (_hostname, _options, callback) =>
    callback(null, addresses);

/** Calls a lookup as net.connect does, with or without `all`, and collects what it called back. */
function resolveWith(lookup: ReturnType<typeof guardedLookup>, all: boolean) {
  return new Promise<{ error: Error | null; address: unknown; family: unknown }>((done) =>
    lookup("hooks.example.test", { all }, (error, address, family) => done({ error, address, family })),
  );
}

describe(guardedLookup, () => {
  it("passes public addresses through, all of them or the first, as net asks", async () => {
    const addresses = [
      { address: "93.184.215.14", family: 4 },
      { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 },
    ];
    const lookup = guardedLookup({ allowPrivate: false, lookup: answering(addresses) });
    expect(await resolveWith(lookup, true)).toEqual({ error: null, address: addresses, family: undefined });
    expect(await resolveWith(lookup, false)).toEqual({ error: null, address: "93.184.215.14", family: 4 });
  });

  it.each([
    [[{ address: "127.0.0.1", family: 4 }], "refused: the host name resolves to a loopback address"],
    [[{ address: "::1", family: 6 }], "refused: the host name resolves to a loopback address"],
    [
      [
        { address: "93.184.215.14", family: 4 },
        { address: "169.254.169.254", family: 4 },
      ],
      "refused: the host name resolves to a cloud metadata address",
    ],
    [[{ address: "::ffff:192.168.0.10", family: 6 }], "refused: the host name resolves to a private address"],
  ])("refuses when any address is forbidden: %j", async (addresses, message) => {
    const lookup = guardedLookup({ allowPrivate: false, lookup: answering(addresses) });
    for (const all of [true, false]) {
      const { error } = await resolveWith(lookup, all);
      expect(error).toBeInstanceOf(ForbiddenAddressError);
      expect(error).toMatchObject({
        message,
        code: "ERR_WSAFE_FORBIDDEN_ADDRESS",
        hostname: "hooks.example.test",
      });
    }
  });

  it("refuses nothing with --webhooks-allow-private", async () => {
    const lookup = guardedLookup({
      allowPrivate: true,
      lookup: answering([{ address: "10.0.0.1", family: 4 }]),
    });
    expect(await resolveWith(lookup, false)).toEqual({ error: null, address: "10.0.0.1", family: 4 });
  });

  it("asks the resolver for every address, whatever net asked, and passes its errors on", async () => {
    const asked: unknown[] = [];
    const failing: SystemLookup = (hostname, options, callback) => {
      asked.push({ hostname, all: options.all, family: options.family });
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), []);
    };
    const { error } = await new Promise<{ error: Error | null }>((done) =>
      guardedLookup({ allowPrivate: false, lookup: failing })("nowhere.test", { family: 4 }, (error) =>
        done({ error }),
      ),
    );
    expect(error).toMatchObject({ code: "ENOTFOUND" });
    expect(asked).toEqual([{ hostname: "nowhere.test", all: true, family: 4 }]);
  });
});
