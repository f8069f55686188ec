import { expect } from "vitest";
import { MINUTE_MS } from "#server/clock.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import type { Database } from "#server/db/index.ts";
import { reserveGeneration } from "#server/generation/charges.ts";
import { settleGeneration } from "#server/generation/generations.ts";

/**
 * For suites that run the credit rules in-process on a clock they move: a fixed start, a
 * request to reserve texts for, the default lease, and a finished text in one call.
 */

/** A Wednesday. */
export const T0 = new Date("2026-11-18T10:00:00Z");
export const at = (ms: number) => new Date(T0.getTime() + ms);

export const draft = {
  subject: "A letter",
  content: "Write a letter",
  tone: "standard",
  language: "english",
  contentType: "letter",
  length: "medium",
  variant: 1,
} as const;

/** How long a reservation holds without renewal (the default RESERVATION_TIMEOUT_MS). */
export const LEASE_MS = 5 * MINUTE_MS;

/** A finished text of `owner`'s, written at `now`; its id. */
export async function writeFinishedText(
  db: Database,
  owner: CreditOwner,
  now: Date,
): Promise<string> {
  const reserved = await reserveGeneration(db, owner, draft, now, LEASE_MS);
  expect(reserved).not.toBeNull();
  await settleGeneration(
    db,
    reserved!.generationId,
    { content: "Text", modelUsed: "mistral-ai" },
    now,
  );
  return reserved!.generationId;
}
