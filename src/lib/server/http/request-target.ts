/**
 * Canonical form of a request target, so that `/%61pi/x`, `//api/x`, `/a/../api/x` and
 * `/api/x` reach the same route *and* the same checks (DESIGN §8). Percent-encodings of
 * unreserved characters are decoded (RFC 3986 §6.2.2.2), the rest upper-cased, repeated
 * slashes collapsed and dot segments removed. The query string is left as sent.
 * Returns null for a target that is not a valid origin-form path, and for one that still
 * carries an encoded `%` once decoded: Astro decodes a path again and again, so
 * `/%2561pi/x` and `/%252561pi/x` would reach `/api/x` past every check made on the
 * canonical form (decision 004). No address of the site has a `%` in it.
 */
export function canonicalRequestTarget(target: string): string | null {
  let raw = target;
  if (!raw.startsWith("/")) {
    // Absolute-form targets (sent to proxies) keep only path and query.
    try {
      const url = new URL(raw);
      if (url.protocol !== "http:" && url.protocol !== "https:") return null;
      // RFC 9110 §4.2.4: user information in an http(s) target is an error.
      if (url.username !== "" || url.password !== "") return null;
      raw = `${url.pathname}${url.search}`;
    } catch {
      return null;
    }
  }
  const hash = raw.indexOf("#");
  if (hash !== -1) raw = raw.slice(0, hash);
  const queryStart = raw.indexOf("?");
  const path = queryStart === -1 ? raw : raw.slice(0, queryStart);
  const query = queryStart === -1 ? "" : raw.slice(queryStart);

  const decoded = decodeUnreserved(path);
  if (decoded === null || decoded.includes("%25")) return null;
  return `${removeDotSegments(decoded.replace(/\/{2,}/g, "/"))}${query}`;
}

/**
 * A request target as a log may keep it: no query or fragment (a reset or verification
 * link's token rides in the query), no user information (it may be a password), at most
 * 200 characters. For targets refused unparsed, whose query was never split off.
 */
export function loggableTarget(target: string): string {
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  return path.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/]*@/, "$1***@").slice(0, 200);
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

function decodeUnreserved(path: string): string | null {
  let out = "";
  for (let i = 0; i < path.length; i++) {
    const char = path[i]!;
    if (char !== "%") {
      out += char;
      continue;
    }
    const hex = path.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return null;
    const decodedChar = String.fromCharCode(parseInt(hex, 16));
    out += UNRESERVED.test(decodedChar) ? decodedChar : `%${hex.toUpperCase()}`;
    i += 2;
  }
  return out;
}

function removeDotSegments(path: string): string {
  const output: string[] = [];
  const segments = path.split("/").slice(1);
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    if (segment === ".") {
      if (last) output.push("");
    } else if (segment === "..") {
      output.pop();
      if (last) output.push("");
    } else {
      output.push(segment);
    }
  }
  return `/${output.join("/")}`;
}

/** `host [":" port]` (RFC 9110 §7.2): a bracketed IP literal or a name, and digits. */
const HOST_HEADER = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~%!$&'()*+,;=]+)(?::(\d*))?$/;

/**
 * Whether a Host header is a host and an optional port, nothing else. The app builds each
 * request's URL from it: `evil@127.0.0.1` would give that URL credentials, which a Request
 * refuses (a 500), and `[::1` or `a b` would not parse at all. A request without one
 * (HTTP/1.0) is fine: Node refuses an HTTP/1.1 request without it.
 */
export function isValidHostHeader(host: string | undefined): boolean {
  if (host === undefined) return true;
  const match = HOST_HEADER.exec(host);
  if (!match) return false;
  const port = match[1];
  if (port !== undefined && port !== "" && Number(port) > 65_535) return false;
  return URL.canParse(`http://${host}/`);
}
