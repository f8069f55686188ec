import { TransactionRollbackError } from "drizzle-orm";
import {
  COST_PER_USE,
  countCharacters,
  partialTextCost,
  passageChangeCost,
} from "#shared/credits.ts";
import { countWords } from "#shared/generation.ts";
import type { GenerationRequest } from "#shared/schemas/generation.ts";
import { textFieldOf, type UseCase } from "#shared/use-cases.ts";
import { applyWeeklyGrant } from "#server/credits/allowances.ts";
import { postCredit, type CreditOwner } from "#server/credits/ledger.ts";
import { exhausted } from "#server/credits/paying-owner.ts";
import { readPlan } from "#server/credits/plan.ts";
import { guestAddressHasRoom } from "#server/credits/trial.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { creditsCharged, creditsRefunded } from "#server/metrics.ts";
import {
  createPendingGeneration,
  expiredReservations,
  failPendingGeneration,
  ownerTextsInFlight,
  settlePricedGeneration,
  type Lineage,
} from "./generations.ts";
import type { RefinementPlan } from "./refinements.ts";
import { admitAddressText, ownerTextsInFlightError } from "./texts-in-flight.ts";
import type { GenerationOptions } from "./types.ts";

/**
 * What a text costs, from its reservation to its settlement (DESIGN §4, decision 056): the
 * reservation within the owner's and the address's bounds, the refund of a failed one, the
 * price of one that ended early, and the reconciler for a crashed process's. The ledger's
 * postings are here too; the generation's row is generations.ts's.
 */

/**
 * Fails a pending generation and refunds whoever paid, in one transaction; false when it
 * was no longer pending, so a retry or a race with the reconciler refunds once.
 */
export async function refundReservation(
  db: Database,
  generationId: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const refunded = await db.transaction(async (tx) => {
    const failed = await failPendingGeneration(tx, generationId, reason, now);
    if (!failed) return null;
    await refundGeneration(tx, failed.owner, generationId, failed.cost, now);
    return failed.cost;
  });
  if (refunded === null) return false;
  creditsRefunded.inc(refunded);
  return true;
}

/** The reconciler: refunds reservations whose lease lapsed, their process gone (DESIGN §4). */
export async function reconcileExpiredReservations(db: Database, now: Date): Promise<number> {
  let refunded = 0;
  for (const id of await expiredReservations(db, now)) {
    if (await refundReservation(db, id, "lease expired", now)) refunded++;
  }
  return refunded;
}

/**
 * Takes the cost (the plan's cost of a text, read now: issue 29) and opens a pending,
 * leased generation in one transaction; null when the balance (or, for a trial text, the
 * address's daily cap) does not allow it. With `inFlight`, an owner who already has that
 * many texts being written gets the 429.
 */
export async function reserveGeneration(
  db: Database,
  owner: CreditOwner,
  request: GenerationRequest,
  now: Date,
  leaseMs: number,
  lineage: Lineage | null = null,
  inFlight: number | null = null,
): Promise<{ generationId: string; credits: number; cost: number } | null> {
  const plan = await readPlan(db, owner.kind === "user" ? owner.userId : undefined);
  const cost = plan.costPerText;
  if (owner.kind === "user") await applyWeeklyGrant(db, owner.userId, now, plan);
  try {
    const reserved = await db.transaction(async (tx) => {
      if (inFlight !== null && (await ownerTextsInFlight(tx, owner, now)) >= inFlight) {
        throw ownerTextsInFlightError();
      }
      // A guest's or an unverified account's text is one of its address's trial texts.
      const trialAddress = owner.addressHash;
      const perNetwork = plan.trialTextsPerNetwork;
      if (
        trialAddress !== undefined &&
        !(await guestAddressHasRoom(tx, trialAddress, now, perNetwork))
      ) {
        return null;
      }
      const lease = new Date(now.getTime() + leaseMs);
      const generationId = await createPendingGeneration(
        tx,
        owner,
        request,
        lineage,
        cost,
        now,
        lease,
      );
      const credits = await chargeGeneration(tx, owner, generationId, cost, now);
      // Too few credits: the pending row goes with the rolled-back transaction.
      if (credits === null) tx.rollback();
      return { generationId, credits: credits!, cost };
    });
    if (reserved) creditsCharged.inc(cost);
    return reserved;
  } catch (error) {
    // The rollback above, for too few credits: an answer, not a failure.
    if (error instanceof TransactionRollbackError) return null;
    throw error;
  }
}

/**
 * Reserves a text's cost within its bounds: the address's texts in flight on this instance,
 * the owner's everywhere, its balance or trial. Returns the reservation and the release of
 * the address's place, or throws the 429 or 402.
 */
export async function reserveText(
  db: Database,
  owner: CreditOwner,
  request: GenerationRequest,
  options: GenerationOptions,
  lineage: Lineage | null,
): Promise<{ generationId: string; credits: number; cost: number; releaseAddress: () => void }> {
  const releaseAddress =
    options.address !== undefined && options.addressInFlight !== undefined
      ? admitAddressText(options.address, options.addressInFlight)
      : () => {};
  try {
    const reserved = await reserveGeneration(
      db,
      owner,
      request,
      options.now(),
      options.leaseMs,
      lineage,
      options.ownerInFlight ?? null,
    );
    if (!reserved) throw exhausted(owner);
    return { ...reserved, releaseAddress };
  } catch (error) {
    releaseAddress();
    throw error;
  }
}

/**
 * Ends a text that stopped early, by one rule (DESIGN §4, decision 056), whoever ended it:
 * the client's Stop, or its writer failing or stalling after text went out. What reached the
 * client is kept and costs its characters' share of a whole text; nothing delivered fails
 * and is refunded. A passage change (decision 089) keeps `content`, its parent's text with
 * the delivered passage in place, and is priced by the passage alone, at most its `ceiling`
 * (the upper figure said before it). Returns the result, or null when nothing was kept (or
 * it was no longer pending).
 */
export async function settleStopped(
  db: Database,
  generationId: string,
  delivered: string,
  byWriter: boolean,
  now: Date,
  content: string = delivered,
  cost: number = COST_PER_USE,
  ceiling: number = cost,
): Promise<{ words: number; charged: number; credits: number | null } | null> {
  const words = countWords(delivered);
  const charged = Math.min(partialTextCost(countCharacters(delivered), cost), ceiling);
  if (charged === 0) {
    await refundReservation(db, generationId, "stopped before any text", now);
    return null;
  }
  const settled = await settleAtPrice(
    db,
    generationId,
    {
      content,
      cost: charged,
      modelUsed: "stopped",
      stopped: { words, byWriter },
    },
    now,
  );
  return settled ? { words, charged, credits: settled.credits } : null;
}

/**
 * How a finished text is priced when not as a whole text (the plan's cost): a passage change
 * (decision 089) by what it wrote and the share of its parent's text it replaced; a text
 * tool's text (issue 26, decision 088) by what it wrote alone, as a change that replaced
 * nothing: `passageChangeCost(written, 0, 0)`, 10 to 100. Null for any other text. A
 * refinement of a tool's text is no tool's (its use case is not read): a whole text.
 */
export function pricedByWriting(
  refinement: RefinementPlan | undefined,
  useCase: UseCase | undefined,
  cost: number = COST_PER_USE,
): { replaced: string; parentText: string; ceiling: number } | null {
  const splice = refinement?.splice;
  if (splice) {
    const parentText = refinement.source.text;
    const replaced = parentText.slice(splice.start, splice.end);
    return { replaced, parentText, ceiling: refinement.ceiling(cost) };
  }
  if (!refinement && useCase && textFieldOf(useCase)) {
    return { replaced: "", parentText: "", ceiling: cost };
  }
  return null;
}

/**
 * Ends a finished passage change (decision 089): it costs the larger of what it wrote (the
 * stopped-text rule's share of a whole text) and the share of its parent's text it replaced
 * (`passageChangeCost`), and the rest of the reservation goes back. `written` is what the
 * writer wrote (the new passage), `replaced` the parent's passage it took the place of
 * ("" for a continuation and a text tool's text), `parentText` the parent's whole text (""
 * for a tool's), `ceiling` the most it may cost (the upper figure said before it),
 * `content` the version kept. Null when it was no longer pending (the reconciler refunded it).
 */
export async function settleWritten(
  db: Database,
  generationId: string,
  written: {
    written: string;
    replaced: string;
    parentText: string;
    ceiling: number;
    content: string;
    modelUsed: string;
  },
  now: Date,
  cost?: number,
): Promise<{ charged: number; credits: number | null } | null> {
  const price = passageChangeCost(
    countCharacters(written.written),
    countCharacters(written.replaced),
    countCharacters(written.parentText),
    cost,
  );
  // A writer that rambles past the estimate costs no more than the figure said before.
  const charged = Math.min(price, written.ceiling);
  const settled = await settleAtPrice(
    db,
    generationId,
    {
      content: written.content,
      cost: charged,
      modelUsed: written.modelUsed,
      stopped: null,
    },
    now,
  );
  return settled ? { charged, credits: settled.credits } : null;
}

/** Settles a pending text at `cost` and refunds the rest of its reservation, in one go. */
async function settleAtPrice(
  db: Database,
  generationId: string,
  settled: Parameters<typeof settlePricedGeneration>[2],
  now: Date,
): Promise<{ credits: number | null } | null> {
  const result = await db.transaction(async (tx) => {
    const done = await settlePricedGeneration(tx, generationId, settled, now);
    if (!done) return null;
    const unused = done.reserved - settled.cost;
    const credits =
      unused > 0 ? await refundGeneration(tx, done.owner, generationId, unused, now) : null;
    return { credits, unused };
  });
  if (!result) return null;
  if (result.unused > 0) creditsRefunded.inc(result.unused);
  return { credits: result.credits };
}

/** The debit for a reserved generation; null when the balance does not cover it. */
function chargeGeneration(
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
function refundGeneration(
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
