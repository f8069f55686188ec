import type { IncomingHttpHeaders } from "node:http";
import { constantTimeEqualHex, hashSecret } from "#server/tokens.ts";
import { isLoopbackAddress } from "./addresses.ts";

/**
 * Headers a proxy adds. A request that carries one came through a proxy (or claims to), so
 * it is not taken for a loopback client even when the proxy itself is on loopback and not
 * named in TRUSTED_PROXY: the client behind it may be anywhere.
 */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

/**
 * Who may read /metrics (decision 093): the holder of METRICS_TOKEN as a bearer (compared
 * as SHA-256 digests, in constant time), or a client on loopback that no proxy forwarded.
 * `clientAddress` is the one TRUSTED_PROXY gives (client-address.ts), so a remote client
 * behind a trusted proxy on loopback is remote here.
 */
export function mayReadMetrics(
  headers: IncomingHttpHeaders,
  clientAddress: string,
  token: string | undefined,
): boolean {
  if (token) {
    const given = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? "")?.[1];
    if (given && constantTimeEqualHex(hashSecret(given), hashSecret(token))) return true;
  }
  return (
    isLoopbackAddress(clientAddress) &&
    FORWARDING_HEADERS.every((name) => headers[name] === undefined)
  );
}
