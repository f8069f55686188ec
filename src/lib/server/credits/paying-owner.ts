import type { Database } from "#server/db/index.ts";
import { failure, type AppError } from "#server/errors.ts";
import { hashAddress } from "#server/keys/address-hash.ts";
import type { ClientNetwork } from "#server/network/client-network.ts";
import { findOrCreateGuest } from "./guests.ts";
import type { CreditOwner } from "./ledger.ts";

/** A signed-in account, as far as credits read it (a session's user fits). */
export interface SignedInAccount {
  id: string;
  emailVerified: boolean;
}

/** Who asks for a text: the signed-in account if any, the browser's guest id if any. */
export interface Asker {
  user: SignedInAccount | null;
  /** From the browser's guest cookie. */
  guestId: string | undefined;
  /** Whose trial an unverified account or a guest draws on (decision 085). */
  clientNetwork: ClientNetwork;
  /** The API key the account asks with (issue 29), kept on its texts for the activity. */
  apiKeyId?: string | null;
}

/**
 * Who pays for a generation (DESIGN §4): a verified account; an unverified one, drawing on
 * its address's trial; or the browser's guest, created on its first generation
 * (`guestCreated`: the caller gives the browser its cookie). A new guest whose address has
 * no trial texts left is the 402 at once, unless what it asks for is free (`needsTrial`
 * false: keeping a text of one's own, issue 26).
 */
export async function payingOwner(
  db: Database,
  asker: Asker,
  now: Date,
  needsTrial = true,
): Promise<{ owner: CreditOwner; guestCreated: boolean }> {
  const { user } = asker;
  const apiKeyId = asker.apiKeyId ?? undefined;
  if (user?.emailVerified) {
    return { owner: { kind: "user", userId: user.id, apiKeyId }, guestCreated: false };
  }
  const addressHash = await hashAddress(db, asker.clientNetwork);
  if (user) return { owner: { kind: "user", userId: user.id, addressHash }, guestCreated: false };
  const found = await findOrCreateGuest(db, asker.guestId, addressHash, now, needsTrial);
  if (!found) throw exhausted({ kind: "guest", addressHash });
  return {
    owner: { kind: "guest", guestId: found.guest.id, addressHash },
    guestCreated: found.created,
  };
}

/** 402: the owner's credits, or its address's trial, are used up (DESIGN §4). */
export function exhausted(owner: Pick<CreditOwner, "kind" | "addressHash">): AppError {
  const isGuest = owner.kind === "guest";
  const reason = isGuest
    ? "guestExhausted"
    : owner.addressHash !== undefined
      ? "unverifiedExhausted"
      : "userExhausted";
  return failure("INSUFFICIENT_CREDITS", reason, { extra: { isGuest } });
}
