import { BlockList, isIP } from "node:net";

/**
 * DESIGN §3: behind a proxy, `TRUSTED_PROXY` names the proxies. X-Forwarded-For is read
 * only when the socket's peer is one of them, and the client is the rightmost hop that is
 * not; otherwise the client is the peer, so a forged header cannot dodge a rate limit.
 */

/** IPv4-mapped IPv6 (`::ffff:127.0.0.1`) as the IPv4 address it is. */
function plainAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

/**
 * `0` or empty: no proxy. `1`: proxies on loopback. Otherwise a comma-separated list of
 * addresses and CIDRs (`10.0.0.2, 192.168.0.0/16, fd00::/8`). Throws on anything else,
 * naming the entry.
 */
export function parseTrustedProxies(value: string): BlockList | null {
  const setting = value.trim();
  if (setting === "" || setting === "0" || setting === "false") return null;
  const list = new BlockList();
  if (setting === "1" || setting === "true") {
    list.addSubnet("127.0.0.0", 8, "ipv4");
    list.addAddress("::1", "ipv6");
    return list;
  }
  for (const entry of setting.split(",").map((part) => part.trim())) {
    const [address, prefix, extra] = entry.split("/");
    const family = isIP(address ?? "");
    if (family === 0 || extra !== undefined) {
      throw new Error(`"${entry}" is not an IP address or CIDR`);
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) {
      list.addAddress(address!, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) {
      throw new Error(`"${entry}" has an invalid prefix length`);
    }
    list.addSubnet(address!, bits, type);
  }
  return list;
}

function isTrusted(proxies: BlockList, address: string): boolean {
  const plain = plainAddress(address);
  const family = isIP(plain);
  return family !== 0 && proxies.check(plain, family === 4 ? "ipv4" : "ipv6");
}

/** The client's address: the peer's, or behind trusted proxies the last hop that is not one. */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  proxies: BlockList | null,
): string {
  const socketAddress = plainAddress(peer ?? "unknown");
  if (!proxies || !isTrusted(proxies, socketAddress)) return socketAddress;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map(plainAddress)
    .filter((hop) => isIP(hop) !== 0);
  if (hops.length === 0) return socketAddress;
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isTrusted(proxies, hops[i]!)) return hops[i]!;
  }
  return hops[0]!;
}
