import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import proxyAddr from "proxy-addr";

/**
 * DESIGN §3: behind a proxy, `TRUSTED_PROXY` names the proxies. X-Forwarded-For is read
 * only when the socket's peer is one of them, and the client is the rightmost hop that is
 * not; otherwise the client is the peer, so a forged header cannot dodge a rate limit.
 * proxy-addr (Express's own) walks the hops.
 */

export type TrustedProxies = (address: string, hop: number) => boolean;

/** IPv4-mapped IPv6 (`::ffff:127.0.0.1`) as the IPv4 address it is. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * `0` or empty: no proxy. `1`: proxies on loopback. Otherwise a comma-separated list of
 * addresses and CIDRs (`10.0.0.2, 192.168.0.0/16, fd00::/8`). Throws on anything else,
 * naming the entry.
 */
export function parseTrustedProxies(value: string): TrustedProxies | null {
  const setting = value.trim();
  if (setting === "" || setting === "0" || setting === "false") return null;
  if (setting === "1" || setting === "true") return proxyAddr.compile("loopback");
  const entries = setting.split(",").map((part) => part.trim());
  for (const entry of entries) {
    try {
      proxyAddr.compile(entry);
    } catch {
      throw new Error(`"${entry}" is not an IP address or CIDR`);
    }
  }
  return proxyAddr.compile(entries);
}

/**
 * The client's address: the peer's, or behind trusted proxies the last hop that is not one
 * (a hop that is no address at all, from a proxy that forwards junk, counts as the peer).
 */
export function clientAddress(req: IncomingMessage, proxies: TrustedProxies | null): string {
  const peer = req.socket.remoteAddress;
  if (peer === undefined) return "unknown";
  const client = proxies ? proxyAddr(req, proxies).trim() : peer;
  return plainAddress(isIP(client) === 0 ? peer : client);
}
