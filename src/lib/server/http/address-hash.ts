import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/index.ts";
import { appSettings } from "../db/schema.ts";

const SETTING = "address_hash_key";
let cachedKey: Promise<string> | undefined;

/**
 * A random key made once per deployment and kept in the database, so that every instance
 * hashes an address alike and no raw address is ever stored.
 */
async function addressKey(db: Database): Promise<string> {
  cachedKey ??= (async () => {
    await db
      .insert(appSettings)
      .values({ key: SETTING, value: randomBytes(32).toString("hex") })
      .onConflictDoNothing();
    const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SETTING));
    return row!.value;
  })().catch((error: unknown) => {
    cachedKey = undefined;
    throw error;
  });
  return cachedKey;
}

/** HMAC-SHA256 of a client address: enough to count per address, not to recover it. */
export async function hashAddress(db: Database, address: string): Promise<string> {
  return createHmac("sha256", await addressKey(db))
    .update(address)
    .digest("hex");
}
