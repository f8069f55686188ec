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

/** Gives a failed generation's cost back; its key makes a second refund impossible. */
export async function refundGeneration(
  tx: Transaction,
  owner: CreditOwner,
  generationId: string,
  cost: number,
  now: Date,
): Promise<void> {
  await postCredit(tx, owner, {
    delta: cost,
    reason: "refund",
    key: `refund:${generationId}`,
    generationId,
    now,
  });
}
