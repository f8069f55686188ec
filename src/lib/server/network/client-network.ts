import { isIP } from "node:net";

/**
 * The key every per-address limit counts under (DESIGN §4, decision 085): an IPv4 address
 * as it is, an IPv6 address as its network (`2001:db8:1:2::/64`). One IPv6 subscriber
 * holds a whole /64 and picks any address in it, and one address has many spellings
 * (`2001:DB8::1`, `2001:0db8:0:0::1`, `::ffff:192.0.2.1` for an IPv4 client); a limit
 * keyed on the string would count each apart. Branded, so that a plain address passed
 * where a network is meant fails the type check.
 */
export type ClientNetwork = string & { readonly __clientNetwork: unique symbol };

export const DEFAULT_IPV6_PREFIX_LENGTH = 64;

/** Eight 16-bit groups of a valid IPv6 address (zone id already removed). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === undefined || tail === "" ? [] : tail.split(":");
  const zeros = Array<string>(8 - headGroups.length - tailGroups.length).fill("0");
  const groups = tail === undefined ? headGroups : [...headGroups, ...zeros, ...tailGroups];
  return groups.map((group) => parseInt(group, 16));
}

/** RFC 5952 text (lower case, no leading zeros, the longest run of zeros as `::`). */
function formatIpv6(groups: number[]): string {
  // WHATWG URL serialises an IPv6 host exactly so.
  return new URL(`http://[${groups.map((group) => group.toString(16)).join(":")}]/`).hostname.slice(
    1,
    -1,
  );
}

function maskGroups(groups: number[], prefixLength: number): number[] {
  return groups.map((group, index) => {
    const bits = Math.min(16, Math.max(0, prefixLength - index * 16));
    return bits === 0 ? 0 : group & ((0xffff << (16 - bits)) & 0xffff);
  });
}

/**
 * The network `address` belongs to: IPv4 as is, IPv4-mapped IPv6 as its IPv4 address, any
 * other IPv6 address canonicalised and cut to `ipv6PrefixLength` bits (`…/64`). Anything
 * that is no address (`unknown`) is returned unchanged.
 */
export function clientNetwork(address: string, ipv6PrefixLength: number): ClientNetwork {
  const bare = address.replace(/%.*$/, "");
  const version = isIP(bare);
  if (version === 4) return bare as ClientNetwork;
  if (version !== 6) return address as ClientNetwork;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}` as ClientNetwork;
  }
  return `${formatIpv6(maskGroups(groups, ipv6PrefixLength))}/${ipv6PrefixLength}` as ClientNetwork;
}
