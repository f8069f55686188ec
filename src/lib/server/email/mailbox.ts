import { createHmac } from "node:crypto";
import type { Database } from "#server/db/index.ts";
import { readDeploymentKey } from "#server/keys/deployment-keys.ts";

/** Domains whose mailboxes ignore dots in the local part, by the name they deliver under. */
const DOTLESS_DOMAINS = new Map([
  ["gmail.com", "gmail.com"],
  ["googlemail.com", "gmail.com"],
]);

/**
 * The mailbox an address delivers to, as one string for every spelling of it: lower case,
 * a sub-address tag (`+…`) dropped, and for Gmail the dots of the local part dropped and
 * googlemail.com read as gmail.com. `Ana.B+x@GoogleMail.com` and `anab@gmail.com` are one
 * mailbox, so one allowance (decision 084). A tag that is the whole local part stays.
 */
export function canonicalMailbox(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS.get(domain);
  if (dotless) {
    domain = dotless;
    local = local.replaceAll(".", "") || local;
  }
  return `${local}@${domain}`;
}

/**
 * A short keyed hash of an address's mailbox, for logs, which hold no addresses: one tag
 * for every log line about one mailbox, which nobody without `email_hash_key` can turn
 * back into it. The first 12 hex digits of the mailbox's allowance hold key.
 */
export async function mailboxTag(db: Database, address: string): Promise<string> {
  const key = await readDeploymentKey(db, "email_hash_key");
  return createHmac("sha256", key).update(canonicalMailbox(address)).digest("hex").slice(0, 12);
}
