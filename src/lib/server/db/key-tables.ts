import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./account-tables.ts";

/**
 * An account's API keys (issue 29): `Authorization: Bearer atg_…` acts as the account on
 * the generation, history and templates endpoints. Only the SHA-256 of the key is kept; a
 * revoked key keeps its row (revoked_at) so that the credit activity still names it, and
 * goes with the account.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The key's first characters (`atg_` and a few more), to tell keys apart in a list. */
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute a key (api-keys/api-keys.ts). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_keys_secret_hash_unique").on(t.secretHash),
    index("api_keys_user_created_idx").on(t.userId, t.createdAt),
  ],
);
