import { isIP } from "node:net";

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export function isLoopbackAddress(address: string): boolean {
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith("127.");
  return plain === "::1" || plain === "0:0:0:0:0:0:0:1";
}
