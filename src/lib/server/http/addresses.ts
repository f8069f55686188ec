import { isIP } from "node:net";

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export function isLoopbackAddress(address: string): boolean {
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith("127.");
  return plain === "::1" || plain === "0:0:0:0:0:0:0:1";
}

/** `localhost`, `*.localhost`, a loopback IPv4 address or `[::1]` as a URL's hostname gives it. */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  const bare = name.startsWith("[") && name.endsWith("]") ? name.slice(1, -1) : name;
  return isIP(bare) !== 0 && isLoopbackAddress(bare);
}

/**
 * The hostname a Host header names, or null when it is not one. Lower case; IPv6
 * literals keep their brackets, as `URL.hostname` writes them.
 */
export function hostnameOfHostHeader(host: string | null): string | null {
  if (!host) return null;
  try {
    const url = new URL(`http://${host}`);
    return url.host === host.toLowerCase() || url.host === host.toLowerCase().replace(/:80$/, "")
      ? url.hostname
      : null;
  } catch {
    return null;
  }
}
