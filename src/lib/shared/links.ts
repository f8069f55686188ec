/**
 * Where a written text may link to (decision 060): only an absolute `http:`, `https:` or
 * `mailto:` address, written plainly. A relative address (`//host/x`, `\\host\share`,
 * `%5C%5Chost`) means our own site in a browser but a network share or a file in Word; a
 * `javascript:` or `data:` address runs or shows something of the writer's choosing.
 * Anything else in a text stays plain words.
 */
export function isLinkableAddress(address: string): boolean {
  // Browsers and Word each forgive backslashes, blanks and control characters in their own
  // way; an address that needs forgiving is not one we vouch for.
  if (/[\\\s\p{C}]/u.test(address)) return false;
  const web = /^https?:\/\/[^/]/i.test(address);
  if (!web && !/^mailto:[^/]/i.test(address)) return false;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  // "https://bank.example@evil.example" goes to evil.example.
  if (web) return url.hostname !== "" && url.username === "" && url.password === "";
  return url.pathname !== "";
}
