import { createHmac } from "node:crypto";
import type { Database } from "#server/db/index.ts";
import { readDeploymentKey } from "#server/deployment-keys.ts";

/** HMAC-SHA256 of a client address: enough to count per address, not to recover it. */
export async function hashAddress(db: Database, address: string): Promise<string> {
  return createHmac("sha256", await readDeploymentKey(db, "address_hash_key"))
    .update(address)
    .digest("hex");
}
