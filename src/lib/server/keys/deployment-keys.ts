import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/index.ts";
import { appSettings } from "#server/db/schema.ts";

export type DeploymentKeyName = "address_hash_key" | "device_cookie_key" | "email_hash_key";

const cachedKeys = new Map<DeploymentKeyName, Promise<string>>();

/**
 * A random key made once per deployment and kept in the database, so that every instance
 * signs and hashes alike and a restart does not void what was signed before. The first
 * instance to ask writes it; the others read the winner's.
 */
export function readDeploymentKey(db: Database, name: DeploymentKeyName): Promise<string> {
  let key = cachedKeys.get(name);
  if (!key) {
    key = (async () => {
      await db
        .insert(appSettings)
        .values({ key: name, value: randomBytes(32).toString("hex") })
        .onConflictDoNothing();
      const [row] = await db.select().from(appSettings).where(eq(appSettings.key, name));
      return row!.value;
    })().catch((error: unknown) => {
      cachedKeys.delete(name);
      throw error;
    });
    cachedKeys.set(name, key);
  }
  return key;
}
