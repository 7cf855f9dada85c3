import { describe, expect, it } from "vitest";
import { checkEndpointUrl, type EndpointUrlOptions } from "./checkEndpointUrl.js";

const strict: EndpointUrlOptions = { allowHttp: false, allowPrivate: false };
const privateHint =
  "webhooks reach public addresses only (wsafe serve --webhooks-allow-private allows it for local development)";

/** A resolver that answers from a table: decides what a name "resolves to" without asking DNS. */
const answers =
  (table: Record<string, string[]>) =>
  async (host: string): Promise<string[]> => {
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return found;
  };

const refusal = (description: string) => ({
  error: "parameter_invalid",
  description: `invalid parameter: ${description}`,
});

describe(checkEndpointUrl, () => {
  it("accepts an https URL whose host is a public address literal, normalised", async () => {
    // A literal is judged without any lookup, and nothing connects: a string only.
    expect(await checkEndpointUrl("https://8.8.8.8/hooks?x=1", strict)).toBe("https://8.8.8.8/hooks?x=1");
    expect(await checkEndpointUrl("HTTPS://[2001:4860:4860::8888]:8443/a", strict)).toBe(
      "https://[2001:4860:4860::8888]:8443/a",
    );
  });

  it("accepts a host name all of whose addresses are public", async () => {
    const resolve = answers({
      "hooks.example.com": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
    });
    expect(await checkEndpointUrl("https://hooks.example.com/wsafe", { ...strict, resolve })).toBe(
      "https://hooks.example.com/wsafe",
    );
  });

  it.each([
    ["https://10.0.0.5/hook", `url: 10.0.0.5 is a private address; ${privateHint}`],
    ["https://127.0.0.1:8443/", `url: 127.0.0.1 is a loopback address; ${privateHint}`],
    ["https://[::1]/", `url: ::1 is a loopback address; ${privateHint}`],
    [
      "https://169.254.169.254/latest/meta-data/",
      `url: 169.254.169.254 is a cloud metadata address; ${privateHint}`,
    ],
    [
      "https://[::ffff:10.0.0.1]/",
      `url: ::ffff:a00:1 is a private address (10.0.0.1 mapped into IPv6); ${privateHint}`,
    ],
    ["https://[fd00:ec2::254]/", `url: fd00:ec2::254 is a cloud metadata address; ${privateHint}`],
    ["https://0.0.0.0/", `url: 0.0.0.0 is an unspecified address; ${privateHint}`],
    // The URL parser reads these host forms as the dotted address they mean.
    ["https://0x7f.1/", `url: 127.0.0.1 is a loopback address; ${privateHint}`],
    ["https://2130706433/", `url: 127.0.0.1 is a loopback address; ${privateHint}`],
    ["https://0300.0250.0.1/", `url: 192.168.0.1 is a private address; ${privateHint}`],
  ])("refuses %s, a literal forbidden address", async (url, description) => {
    await expect(checkEndpointUrl(url, strict)).rejects.toMatchObject(refusal(description));
  });

  it("refuses a name when any of its addresses is forbidden, naming the kind of address, never the address", async () => {
    const resolve = answers({ "mixed.example.com": ["93.184.215.14", "10.1.2.3"] });
    const logged: object[] = [];
    const refused = await checkEndpointUrl("https://mixed.example.com/", {
      ...strict,
      resolve,
      onRefusedAddress: (what) => logged.push(what),
    }).catch((error: unknown) => error);
    expect(refused).toMatchObject(
      refusal(`url: mixed.example.com resolves to a private address; ${privateHint}`),
    );
    expect((refused as Error).message).not.toContain("10.1.2.3");
    // The address goes to the server's log only.
    expect(logged).toEqual([{ host: "mixed.example.com", address: "10.1.2.3", kind: "private" }]);
  });

  it("refuses localhost through the system's own resolver", async () => {
    // /etc/hosts answers: no DNS query leaves the machine.
    await expect(checkEndpointUrl("https://localhost:8443/hook", strict)).rejects.toMatchObject({
      error: "parameter_invalid",
      description: expect.stringMatching(
        /^invalid parameter: url: localhost resolves to a loopback address; webhooks reach public addresses only/,
      ),
    });
  });

  it("refuses a name that does not resolve", async () => {
    const resolve = answers({});
    await expect(
      checkEndpointUrl("https://nowhere.example.com/", { ...strict, resolve }),
    ).rejects.toMatchObject(refusal("url: the host name nowhere.example.com does not resolve"));
    await expect(
      checkEndpointUrl("https://empty.example.com/", { ...strict, resolve: async () => [] }),
    ).rejects.toMatchObject(refusal("url: the host name empty.example.com does not resolve"));
  });

  it("refuses http unless allowed, and other schemes always", async () => {
    await expect(checkEndpointUrl("http://8.8.8.8/", strict)).rejects.toMatchObject(
      refusal(
        "url: webhooks are delivered over https only (wsafe serve --webhooks-allow-http allows http for local development)",
      ),
    );
    expect(await checkEndpointUrl("http://8.8.8.8/", { ...strict, allowHttp: true })).toBe("http://8.8.8.8/");
    for (const url of ["ftp://8.8.8.8/", "file:///etc/passwd", "gopher://8.8.8.8/", "ws://8.8.8.8/"]) {
      await expect(checkEndpointUrl(url, { allowHttp: true, allowPrivate: true })).rejects.toMatchObject({
        error: "parameter_invalid",
        description: expect.stringMatching(
          /^invalid parameter: url: the scheme [a-z]+: is not supported; webhooks are delivered over https$/,
        ),
      });
    }
  });

  it("refuses credentials in the URL without repeating them", async () => {
    for (const url of [
      "https://alice:s3cr3t@8.8.8.8/",
      "https://alice@8.8.8.8/",
      "https://:s3cr3t@8.8.8.8/",
    ]) {
      const error = await checkEndpointUrl(url, { allowHttp: true, allowPrivate: true }).catch((e) => e);
      expect(error).toMatchObject(refusal("url: must not contain credentials (user:password@)"));
      expect(JSON.stringify(error)).not.toContain("s3cr3t");
    }
  });

  it.each(["", "not a url", "/relative/path", "https://", "https://exa mple.com/"])(
    "refuses %j, which is not an absolute URL",
    async (url) => {
      await expect(checkEndpointUrl(url, strict)).rejects.toMatchObject(
        refusal("url: not an absolute URL (https://host/path)"),
      );
    },
  );

  it("allows private addresses and names with --webhooks-allow-private, asking no resolver", async () => {
    const options = { allowHttp: true, allowPrivate: true, resolve: answers({}) };
    expect(await checkEndpointUrl("http://127.0.0.1:3000/hook", options)).toBe("http://127.0.0.1:3000/hook");
    expect(await checkEndpointUrl("https://[::1]/", options)).toBe("https://[::1]/");
    expect(await checkEndpointUrl("https://localhost/x", options)).toBe("https://localhost/x");
  });

  it("quotes at most 100 characters of a long host name", async () => {
    const host = `${"a".repeat(60)}.${"b".repeat(60)}.example.com`;
    const error = await checkEndpointUrl(`https://${host}/`, { ...strict, resolve: answers({}) }).catch(
      (e) => e,
    );
    expect(error.description).toMatch(
      /^invalid parameter: url: the host name a{60}\.b{39}… \(33 more characters\) does not resolve$/,
    );
  });
});
