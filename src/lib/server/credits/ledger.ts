import { sql } from "drizzle-orm";
import { rowsOf, type Database, type Transaction } from "#server/db/index.ts";
import { creditLedger, guests, users } from "#server/db/schema.ts";

/**
 * Who holds credits: an account, or a guest's one-time trial (DESIGN §4). `addressHash` is
 * the address whose trial the owner draws on: a guest's always, an account's while it is
 * unverified, whose texts count with its address's guests'.
 */
export type CreditOwner =
  | { kind: "user"; userId: string; addressHash?: string; apiKeyId?: string }
  | { kind: "guest"; guestId: string; addressHash: string };

export type CreditReason = (typeof creditLedger.reason.enumValues)[number];

export interface CreditPosting {
  /** Positive to give, negative to take. */
  delta: number;
  reason: CreditReason;
  /**
   * Unique per real-world event (`ad:<id>`, `weekly:<user>:<monday>`): posting the same key
   * twice fails with a unique violation, and the transaction with it.
   */
  key: string;
  generationId?: string;
  now: Date;
}

/**
 * The one writer of balances (DESIGN §4): changes the owner's balance and writes its
 * ledger row in one statement, so the balance always equals the ledger sum: both happen
 * or neither does, inside the caller's transaction or outside one. A debit is conditional
 * (`… WHERE credits >= cost`): it returns null, writing nothing, when the balance does not
 * cover it, so parallel debits can never spend the same credits. One statement rather than
 * two keeps a transaction on the embedded database one round trip shorter (decision 033).
 * Returns the balance after the posting.
 */
export async function postCredit(
  tx: Transaction | Database,
  owner: CreditOwner,
  posting: CreditPosting,
): Promise<number | null> {
  const covered = posting.delta < 0 ? sql`credits >= ${-posting.delta}` : sql`true`;
  const moved =
    owner.kind === "user"
      ? sql`update ${users} set credits = credits + ${posting.delta} where id = ${owner.userId} and ${covered} returning id, credits`
      : sql`update ${guests} set credits = credits + ${posting.delta} where id = ${owner.guestId} and ${covered} returning id, credits`;
  const ownerColumn = owner.kind === "user" ? sql`user_id` : sql`guest_id`;
  return creditsReturned(
    await tx.execute(sql`
    with moved as (${moved}),
    logged as (
      insert into ${creditLedger} (${ownerColumn}, delta, reason, generation_id, idempotency_key, created_at)
      select id, ${ledgerValues(posting)} from moved
    )
    select credits from moved`),
  );
}

/** The balance a posting's statement returned; null when no row moved (not covered). */
function creditsReturned(result: unknown): number | null {
  return rowsOf<{ credits: number }>(result)[0]?.credits ?? null;
}

/**
 * A ledger row's columns after its owner, cast: in `INSERT … SELECT` a parameter has no
 * column to take its type from.
 */
function ledgerValues(posting: CreditPosting) {
  return sql`${posting.delta}::integer, ${posting.reason}::credit_reason, ${posting.generationId ?? null}::uuid, ${posting.key}::text, ${posting.now}::timestamptz`;
}

/**
 * A new guest with its opening balance and that balance's ledger row, in one statement
 * (no transaction to hold open): the guest's trial. Returns the balance.
 */
export async function openGuest(
  db: Database | Transaction,
  guest: { id: string; addressHash: string },
  posting: CreditPosting,
): Promise<number> {
  const credits = creditsReturned(
    await db.execute(sql`
    with opened as (
      insert into ${guests} (id, credits, address_hash, created_at)
      values (${guest.id}, ${posting.delta}, ${guest.addressHash}, ${posting.now})
      returning id, credits
    ),
    logged as (
      insert into ${creditLedger} (guest_id, delta, reason, generation_id, idempotency_key, created_at)
      select id, ${ledgerValues(posting)} from opened
    )
    select credits from opened`),
  );
  return credits!;
}
