import { describe, expect, it } from "vitest";
import { clientAddress, parseTrustedProxies } from "#server/http/client-address.ts";

describe("TRUSTED_PROXY", () => {
  it("0 and empty trust no proxy; 1 trusts loopback proxies only", () => {
    expect(parseTrustedProxies("0")).toBeNull();
    expect(parseTrustedProxies("")).toBeNull();
    const loopback = parseTrustedProxies("1")!;
    expect(loopback.check("127.0.0.1", "ipv4")).toBe(true);
    expect(loopback.check("127.8.9.10", "ipv4")).toBe(true);
    expect(loopback.check("::1", "ipv6")).toBe(true);
    expect(loopback.check("10.0.0.1", "ipv4")).toBe(false);
  });

  it("takes a list of IPv4 and IPv6 addresses and CIDRs", () => {
    const proxies = parseTrustedProxies("10.0.0.2, 172.28.0.0/16 ,fd00::/8,2001:db8::1")!;
    expect(proxies.check("10.0.0.2", "ipv4")).toBe(true);
    expect(proxies.check("10.0.0.3", "ipv4")).toBe(false);
    expect(proxies.check("172.28.200.1", "ipv4")).toBe(true);
    expect(proxies.check("fd12:3456::1", "ipv6")).toBe(true);
    expect(proxies.check("2001:db8::1", "ipv6")).toBe(true);
    expect(proxies.check("2001:db8::2", "ipv6")).toBe(false);
  });

  it.each(["yes", "10.0.0.1/8/2", "10.0.0.0/40", "::1/129", "10.0.0.1,", "localhost"])(
    "refuses %s",
    (value) => expect(() => parseTrustedProxies(value)).toThrow(),
  );
});

describe("the client's address", () => {
  const proxies = parseTrustedProxies("10.0.0.2,10.0.1.0/24")!;

  it("is the peer when no proxy is trusted, whatever the header says", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.1", null)).toBe("203.0.113.9");
  });

  it("is the peer when the peer is not a trusted proxy", () => {
    expect(clientAddress("203.0.113.9", "198.51.100.1", proxies)).toBe("203.0.113.9");
  });

  it("behind trusted proxies, is the rightmost hop that is not one; forged left hops are ignored", () => {
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.1.5", proxies)).toBe(
      "198.51.100.7",
    );
    expect(clientAddress("10.0.0.2", ["6.6.6.6", "198.51.100.7"], proxies)).toBe("198.51.100.7");
  });

  it("is the leftmost hop when every hop is a proxy, and the peer when the header is empty or junk", () => {
    expect(clientAddress("10.0.0.2", "10.0.1.9, 10.0.1.5", proxies)).toBe("10.0.1.9");
    expect(clientAddress("10.0.0.2", undefined, proxies)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", "not-an-address", proxies)).toBe("10.0.0.2");
  });

  it("reads an IPv4-mapped IPv6 peer as the IPv4 address it is", () => {
    const loopback = parseTrustedProxies("1")!;
    expect(clientAddress("::ffff:127.0.0.1", "2001:db8::5", loopback)).toBe("2001:db8::5");
    expect(clientAddress("::ffff:203.0.113.9", "2001:db8::5", loopback)).toBe("203.0.113.9");
  });
});
