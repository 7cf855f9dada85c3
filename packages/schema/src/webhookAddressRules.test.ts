import { isIP } from "node:net";
import { describe, expect, it } from "vitest";
import { webhookAddressRules } from "./webhookAddressRules.js";

const { kinds, ipv4, ipv6, ipv4Embeddings } = webhookAddressRules;

describe("webhookAddressRules", () => {
  it("writes every prefix as a well-formed CIDR of its family", () => {
    for (const [rules, family, bits] of [
      [ipv4, 4, 32],
      [ipv6, 6, 128],
      [ipv4Embeddings.map(({ cidr }) => [cidr, "embedding"] as const), 6, 128],
    ] as const) {
      for (const [cidr] of rules) {
        const [address, length] = cidr.split("/");
        expect(isIP(address!), cidr).toBe(family);
        expect(Number(length), cidr).toBeGreaterThanOrEqual(0);
        expect(Number(length), cidr).toBeLessThanOrEqual(bits);
      }
    }
  });

  // A kind no rule names would be words the docs print for nothing; a refusal's words
  // read after "is" ("10.0.0.5 is a private address").
  it("names every kind in some rule, each with words that follow 'is'", () => {
    const used = new Set([...ipv4, ...ipv6].map(([, kind]) => kind));
    expect([...used].sort()).toEqual(Object.keys(kinds).sort());
    for (const words of Object.values(kinds)) expect(words).toMatch(/^(a|an|the) /);
  });

  it("puts each narrow prefix before a wider one of another kind that holds it (first match wins)", () => {
    const at = (cidr: string) => ipv4.findIndex(([candidate]) => candidate === cidr);
    expect(at("169.254.169.254/32")).toBeLessThan(at("169.254.0.0/16"));
    expect(at("100.100.100.200/32")).toBeLessThan(at("100.64.0.0/10"));
    expect(at("0.0.0.0/32")).toBeLessThan(at("0.0.0.0/8"));
    const at6 = (cidr: string) => ipv6.findIndex(([candidate]) => candidate === cidr);
    expect(at6("fd00:ec2::254/128")).toBeLessThan(at6("fc00::/7"));
  });
});
