import { describe, expect, it } from "vitest";
import { clientNetwork } from "#server/network/client-network.ts";

const network = (address: string, prefix = 64) => clientNetwork(address, prefix);

describe("the network an address is counted under", () => {
  it("is an IPv4 address as it is", () => {
    expect(network("192.0.2.1")).toBe("192.0.2.1");
    expect(network("127.0.0.2")).toBe("127.0.0.2");
  });

  it("is the IPv4 address an IPv4-mapped IPv6 address carries, however it is written", () => {
    expect(network("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(network("::FFFF:192.0.2.1")).toBe("192.0.2.1");
    expect(network("::ffff:c000:201")).toBe("192.0.2.1");
    expect(network("0:0:0:0:0:ffff:192.0.2.1")).toBe("192.0.2.1");
  });

  it("is an IPv6 address's /64, so that every address of one subscriber counts as one", () => {
    expect(network("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(network("2001:db8:1:2::2")).toBe("2001:db8:1:2::/64");
    expect(network("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(network("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  });

  it("is the same for one IPv6 address written in every way", () => {
    const spellings = [
      "2001:db8::1",
      "2001:0db8:0:0::1",
      "2001:DB8::1",
      "2001:0DB8:0000:0000:0000:0000:0000:0001",
      "2001:db8:0:0:0:0:0.0.0.1",
      "2001:db8::1%eth0",
    ];
    expect(new Set(spellings.map((address) => network(address)))).toEqual(
      new Set(["2001:db8::/64"]),
    );
  });

  it("follows the configured prefix length", () => {
    expect(network("2001:db8:1:2::1", 48)).toBe("2001:db8:1::/48");
    expect(network("2001:db8:1:2::1", 56)).toBe("2001:db8:1::/56");
    expect(network("2001:db8:1:2ff::1", 56)).toBe("2001:db8:1:200::/56");
    expect(network("2001:db8:1:2::1", 60)).toBe("2001:db8:1::/60");
    expect(network("2001:db8:1:2::1", 128)).toBe("2001:db8:1:2::1/128");
    expect(network("2001:db8:1:2::1", 1)).toBe("::/1");
    expect(network("fe80::1", 1)).toBe("8000::/1");
  });

  it("counts ::1 like any IPv6 address", () => {
    expect(network("::1")).toBe("::/64");
    expect(network("::1", 128)).toBe("::1/128");
  });

  it("leaves what is no address as it is", () => {
    expect(network("unknown")).toBe("unknown");
    expect(network("")).toBe("");
  });
});
