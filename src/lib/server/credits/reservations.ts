import type { Transaction } from "#server/db/index.ts";
import { postCredit, type CreditOwner } from "./ledger.ts";

/**
 * What a generation costs its owner (DESIGN §4): taken when it is reserved, given back
 * when it fails. The generation's own row belongs to generation/; these are the postings.
 */

/** The debit for a reserved generation; null when the balance does not cover it. */
export function chargeGeneration(
  tx: Transaction,
  owner: CreditOwner,
  generationId: string,
  cost: number,
  now: Date,
): Promise<number | null> {
  return postCredit(tx, owner, {
    delta: -cost,
    reason: "generation",
    key: `generation:${generationId}`,
    generationId,
    now,
  });
}

/**
 * Gives back what a generation did not use: all of a failed one's cost, the rest of a
 * stopped one's. Its key makes a second refund impossible. Returns the balance after it.
 */
export function refundGeneration(
  tx: Transaction,
  owner: CreditOwner,
  generationId: string,
  amount: number,
  now: Date,
): Promise<number | null> {
  return postCredit(tx, owner, {
    delta: amount,
    reason: "refund",
    key: `refund:${generationId}`,
    generationId,
    now,
  });
}
