import { createHmac } from "node:crypto";
import type { Database } from "#server/db/index.ts";
import { readDeploymentKey } from "./deployment-keys.ts";
import type { ClientNetwork } from "#server/network/client-network.ts";

/**
 * HMAC-SHA256 of a client's network (an IPv6 client's /64, decision 085): enough to count
 * per address, not to recover it.
 */
export async function hashAddress(db: Database, network: ClientNetwork): Promise<string> {
  return createHmac("sha256", await readDeploymentKey(db, "address_hash_key"))
    .update(network)
    .digest("hex");
}
