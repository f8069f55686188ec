import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress, parseTrustedProxies } from "#server/network/client-address.ts";

/** A request as the server sees it: its peer, and what X-Forwarded-For says. */
function request(peer: string | undefined, forwardedFor?: string): IncomingMessage {
  return {
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  } as unknown as IncomingMessage;
}

describe("TRUSTED_PROXY", () => {
  it("0 and empty trust no proxy; 1 trusts loopback proxies only", () => {
    expect(parseTrustedProxies("0")).toBeNull();
    expect(parseTrustedProxies("")).toBeNull();
    const loopback = parseTrustedProxies("1")!;
    expect(loopback("127.0.0.1", 0)).toBe(true);
    expect(loopback("127.8.9.10", 0)).toBe(true);
    expect(loopback("::1", 0)).toBe(true);
    expect(loopback("10.0.0.1", 0)).toBe(false);
  });

  it("takes a list of IPv4 and IPv6 addresses and CIDRs", () => {
    const proxies = parseTrustedProxies("10.0.0.2, 172.28.0.0/16 ,fd00::/8,2001:db8::1")!;
    expect(proxies("10.0.0.2", 0)).toBe(true);
    expect(proxies("10.0.0.3", 0)).toBe(false);
    expect(proxies("172.28.200.1", 0)).toBe(true);
    expect(proxies("fd12:3456::1", 0)).toBe(true);
    expect(proxies("2001:db8::1", 0)).toBe(true);
    expect(proxies("2001:db8::2", 0)).toBe(false);
  });

  it.each(["yes", "10.0.0.1/8/2", "10.0.0.0/40", "::1/129", "10.0.0.1,", "localhost"])(
    "refuses %s",
    (value) => expect(() => parseTrustedProxies(value)).toThrow(),
  );
});

describe("the client's address", () => {
  const proxies = parseTrustedProxies("10.0.0.2,10.0.1.0/24")!;

  it("is the peer when no proxy is trusted, whatever the header says", () => {
    expect(clientAddress(request("203.0.113.9", "198.51.100.1"), null)).toBe("203.0.113.9");
  });

  it("is the peer when the peer is not a trusted proxy", () => {
    expect(clientAddress(request("203.0.113.9", "198.51.100.1"), proxies)).toBe("203.0.113.9");
  });

  it("behind trusted proxies, is the rightmost hop that is not one; forged left hops are ignored", () => {
    expect(clientAddress(request("10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.1.5"), proxies)).toBe(
      "198.51.100.7",
    );
  });

  it("is the leftmost hop when every hop is a proxy, and the peer when the header is empty or junk", () => {
    expect(clientAddress(request("10.0.0.2", "10.0.1.9, 10.0.1.5"), proxies)).toBe("10.0.1.9");
    expect(clientAddress(request("10.0.0.2"), proxies)).toBe("10.0.0.2");
    expect(clientAddress(request("10.0.0.2", "not-an-address"), proxies)).toBe("10.0.0.2");
  });

  it("reads an IPv4-mapped IPv6 peer as the IPv4 address it is", () => {
    const loopback = parseTrustedProxies("1")!;
    expect(clientAddress(request("::ffff:127.0.0.1", "2001:db8::5"), loopback)).toBe("2001:db8::5");
    expect(clientAddress(request("::ffff:203.0.113.9", "2001:db8::5"), loopback)).toBe(
      "203.0.113.9",
    );
  });

  it("is `unknown` for a socket already gone", () => {
    expect(clientAddress(request(undefined, "198.51.100.1"), proxies)).toBe("unknown");
  });
});
