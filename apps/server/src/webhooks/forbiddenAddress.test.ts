import { describe, expect, it } from "vitest";
import { type AddressKind, ipv4Rules, ipv6Rules } from "./addressRules.js";
import { forbiddenAddress } from "./forbiddenAddress.js";

// Literal strings only: nothing here opens a socket, so public addresses are safe to name.
const refused: [address: string, kind: AddressKind][] = [
  // unspecified and "this network"
  ["0.0.0.0", "unspecified"],
  ["0.0.0.1", "this_network"],
  ["0.255.255.255", "this_network"],
  ["::", "unspecified"],
  ["0:0:0:0:0:0:0:0", "unspecified"],
  // loopback
  ["127.0.0.1", "loopback"],
  ["127.0.0.0", "loopback"],
  ["127.255.255.254", "loopback"],
  ["127.1.2.3", "loopback"],
  ["::1", "loopback"],
  ["0:0:0:0:0:0:0:1", "loopback"],
  // RFC 1918, both ends of each range
  ["10.0.0.0", "private"],
  ["10.0.0.5", "private"],
  ["10.255.255.255", "private"],
  ["172.16.0.0", "private"],
  ["172.20.1.1", "private"],
  ["172.31.255.255", "private"],
  ["192.168.0.0", "private"],
  ["192.168.1.1", "private"],
  ["192.168.255.255", "private"],
  // link-local and cloud metadata
  ["169.254.0.1", "link_local"],
  ["169.254.255.255", "link_local"],
  ["169.254.169.254", "cloud_metadata"],
  ["169.254.170.2", "cloud_metadata"],
  ["100.100.100.200", "cloud_metadata"],
  ["168.63.129.16", "cloud_metadata"],
  ["fd00:ec2::254", "cloud_metadata"],
  ["fe80::1", "link_local"],
  ["fe80::1%eth0", "link_local"],
  ["febf:ffff::1", "link_local"],
  // IPv6 private space
  ["fc00::1", "unique_local"],
  ["fd12:3456:789a::1", "unique_local"],
  ["fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "unique_local"],
  ["fec0::1", "reserved"],
  // carrier-grade NAT
  ["100.64.0.0", "carrier_grade_nat"],
  ["100.127.255.255", "carrier_grade_nat"],
  // multicast and broadcast
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["ff02::1", "multicast"],
  ["ff0e::fb", "multicast"],
  ["255.255.255.255", "broadcast"],
  // reserved IPv4: future use, IETF, documentation, benchmarking, the old 6to4 relay
  ["240.0.0.1", "reserved"],
  ["254.1.2.3", "reserved"],
  ["192.0.0.8", "reserved"],
  ["192.0.2.1", "reserved"],
  ["198.51.100.7", "reserved"],
  ["203.0.113.9", "reserved"],
  ["198.18.0.1", "reserved"],
  ["198.19.255.255", "reserved"],
  ["192.88.99.1", "reserved"],
  // reserved IPv6: documentation, Teredo and the other IETF assignments, unallocated space
  ["2001:db8::1", "reserved"],
  ["3fff::1", "reserved"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "reserved"],
  ["2001:2::1", "reserved"],
  ["100::1", "reserved"],
  ["5f00::1", "reserved"],
  ["4000::1", "reserved"],
  ["64:ff9b:1::a00:5", "private"],
];

// IPv6 forms that carry an IPv4 address: each judged by the address inside.
const embedded: [address: string, kind: AddressKind, form: string, ipv4: string][] = [
  ["::ffff:10.0.0.1", "private", "ipv4_mapped", "10.0.0.1"],
  ["::ffff:a00:1", "private", "ipv4_mapped", "10.0.0.1"],
  ["::ffff:127.0.0.1", "loopback", "ipv4_mapped", "127.0.0.1"],
  ["::ffff:7f00:1", "loopback", "ipv4_mapped", "127.0.0.1"],
  ["::ffff:169.254.169.254", "cloud_metadata", "ipv4_mapped", "169.254.169.254"],
  ["::ffff:0.0.0.0", "unspecified", "ipv4_mapped", "0.0.0.0"],
  ["::ffff:100.64.0.1", "carrier_grade_nat", "ipv4_mapped", "100.64.0.1"],
  ["::ffff:255.255.255.255", "broadcast", "ipv4_mapped", "255.255.255.255"],
  ["0:0:0:0:0:ffff:192.168.1.1", "private", "ipv4_mapped", "192.168.1.1"],
  ["::ffff:0:172.16.0.1", "private", "ipv4_translated", "172.16.0.1"],
  ["::10.0.0.1", "private", "ipv4_compatible", "10.0.0.1"],
  ["::127.0.0.1", "loopback", "ipv4_compatible", "127.0.0.1"],
  ["::a9fe:a9fe", "cloud_metadata", "ipv4_compatible", "169.254.169.254"],
  ["::2", "this_network", "ipv4_compatible", "0.0.0.2"],
  ["64:ff9b::10.0.0.1", "private", "nat64", "10.0.0.1"],
  ["64:ff9b::7f00:1", "loopback", "nat64", "127.0.0.1"],
  ["64:ff9b::169.254.169.254", "cloud_metadata", "nat64", "169.254.169.254"],
  ["64:ff9b::224.0.0.1", "multicast", "nat64", "224.0.0.1"],
  ["2002:a00:1::", "private", "6to4", "10.0.0.1"],
  ["2002:7f00:1::1", "loopback", "6to4", "127.0.0.1"],
  ["2002:a9fe:a9fe:1234::5", "cloud_metadata", "6to4", "169.254.169.254"],
  ["2002:c0a8:101::", "private", "6to4", "192.168.1.1"],
];

const allowed = [
  "8.8.8.8",
  "1.1.1.1",
  "93.184.215.14",
  "9.255.255.255", // just below 10/8
  "11.0.0.0", // just above 10/8
  "172.15.255.255", // just below 172.16/12
  "172.32.0.0", // just above it
  "192.167.255.255",
  "192.169.0.0",
  "169.253.255.255",
  "169.255.0.0",
  "100.63.255.255",
  "100.128.0.0",
  "126.255.255.255",
  "128.0.0.0",
  "223.255.255.255", // just below multicast
  "192.0.1.1",
  "198.17.255.255",
  "198.20.0.0",
  "1.0.0.0",
  // the public anycast services ipaddr.js calls special (AS112, AMT relays) are ordinary public hosts
  "192.175.48.1",
  "192.52.193.1",
  // IPv6 global unicast and the embedded forms of public IPv4 addresses
  "2606:4700:4700::1111",
  "2001:4860:4860::8888",
  "2a00:1450:4001:82a::200e",
  "2400:cb00::1",
  "3ffe::1", // outside 3fff::/20
  "::ffff:8.8.8.8",
  "::ffff:808:808",
  "64:ff9b::8.8.8.8",
  "2002:808:808::1",
  "::8.8.8.8",
];

describe(forbiddenAddress, () => {
  it.each(refused)("refuses %s as %s", (address, kind) => {
    const result = forbiddenAddress(address);
    expect(result).toEqual({ address, kind, description: expect.stringContaining(address) });
    expect(result?.ipv4).toBeUndefined();
  });

  it.each(embedded)(
    "refuses %s as %s, for the IPv4 address it carries (%s %s)",
    (address, kind, form, ipv4) => {
      expect(forbiddenAddress(address)).toEqual({
        address,
        kind,
        ipv4: { form, address: ipv4 },
        description: expect.stringMatching(new RegExp(`^${address.replaceAll(".", "\\.")} is .*\\(${ipv4}`)),
      });
    },
  );

  it.each(allowed)("allows the public address %s", (address) => {
    expect(forbiddenAddress(address)).toBeUndefined();
  });

  it("says why in words an endpoint's owner reads", () => {
    expect(forbiddenAddress("10.0.0.5")?.description).toBe("10.0.0.5 is a private address");
    expect(forbiddenAddress("127.0.0.1")?.description).toBe("127.0.0.1 is a loopback address");
    expect(forbiddenAddress("::1")?.description).toBe("::1 is a loopback address");
    expect(forbiddenAddress("169.254.169.254")?.description).toBe(
      "169.254.169.254 is a cloud metadata address",
    );
    expect(forbiddenAddress("0.1.2.3")?.description).toBe('0.1.2.3 is an address of "this network"');
    expect(forbiddenAddress("255.255.255.255")?.description).toBe("255.255.255.255 is the broadcast address");
    expect(forbiddenAddress("::ffff:10.0.0.1")?.description).toBe(
      "::ffff:10.0.0.1 is a private address (10.0.0.1 mapped into IPv6)",
    );
    expect(forbiddenAddress("64:ff9b::7f00:1")?.description).toBe(
      "64:ff9b::7f00:1 is a loopback address (127.0.0.1 through NAT64)",
    );
    expect(forbiddenAddress("2002:a00:1::")?.description).toBe(
      "2002:a00:1:: is a private address (10.0.0.1 inside a 6to4 address)",
    );
  });

  it("refuses every address of every rule's prefix: its first, its last", () => {
    // The rules' own ends, so that a typo in a prefix length shows up here.
    for (const [cidr, kind] of [...ipv4Rules, ...ipv6Rules]) {
      const [base] = cidr.split("/");
      expect(forbiddenAddress(base!)?.kind, cidr).toBeDefined();
      if (cidr === "0.0.0.0/8" || cidr === "::/128") continue; // the base is the narrower rule before it
      expect(forbiddenAddress(base!)?.kind, cidr).toBe(kind);
    }
  });

  it.each([
    "localhost",
    "example.com",
    "",
    "127.1",
    "0177.0.0.1",
    "0x7f.0.0.1",
    "10.0.0.256",
    "[::1]",
    "::1/128",
    " 10.0.0.1",
  ])("throws on %j, which is not an IP address literal", (input) => {
    expect(() => forbiddenAddress(input)).toThrow(TypeError);
  });
});
