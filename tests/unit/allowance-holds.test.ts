import { describe, expect, it } from "vitest";
import { UNVERIFIED_CREDITS, WEEKLY_ALLOWANCE } from "#shared/credits.ts";
import {
  holdAfterDeletion,
  signupCredits,
  stricterHold,
  verificationTarget,
  type AllowanceHold,
} from "#server/credits/allowance-holds.ts";
import { trialTextsLeft } from "#server/credits/trial.ts";

/** Decision 084: the allowance follows the address, not the account row. */
const WEEK = "2026-11-23";
const NEXT_WEEK = "2026-11-30";

describe("an allowance hold", () => {
  it("of a verified account caps the week at what it had left", () => {
    const hold = holdAfterDeletion({ emailVerified: true, credits: 700, spent: 300 }, null, WEEK);
    expect(hold).toEqual({ week: WEEK, credits: 700, weekCap: 700 });
    expect(signupCredits(hold, WEEK)).toBe(UNVERIFIED_CREDITS);
    // Verified again without spending: 700, not 1000.
    expect(verificationTarget(hold, 0, WEEK)).toBe(700);
    // What the new account spent before verifying comes off the cap.
    expect(verificationTarget(hold, 200, WEEK)).toBe(500);
  });

  it("of an account that had spent everything grants nothing more this week", () => {
    const hold = holdAfterDeletion({ emailVerified: true, credits: 0, spent: 1000 }, null, WEEK);
    expect(signupCredits(hold, WEEK)).toBe(0);
    expect(verificationTarget(hold, 0, WEEK)).toBe(0);
  });

  it("of an unverified account keeps its trial balance and leaves the verification whole", () => {
    const hold = holdAfterDeletion({ emailVerified: false, credits: 100, spent: 200 }, null, WEEK);
    expect(hold).toEqual({ week: WEEK, credits: 100, weekCap: null });
    expect(signupCredits(hold, WEEK)).toBe(100);
    // It could have verified for the week's allowance itself.
    expect(verificationTarget(hold, 100, WEEK)).toBe(WEEKLY_ALLOWANCE);
  });

  it("is not lifted by deleting an unverified account registered under it", () => {
    const first = holdAfterDeletion({ emailVerified: true, credits: 500, spent: 500 }, null, WEEK);
    // Registered again (300 of the 500), wrote two texts, deleted before verifying.
    const second = holdAfterDeletion(
      { emailVerified: false, credits: 100, spent: 200 },
      first,
      WEEK,
    );
    expect(second).toEqual({ week: WEEK, credits: 100, weekCap: 300 });
    expect(signupCredits(second, WEEK)).toBe(100);
    expect(verificationTarget(second, 0, WEEK)).toBe(300);
    // However often it is repeated, the week's total stays within the first 500.
    const third = holdAfterDeletion({ emailVerified: false, credits: 0, spent: 100 }, second, WEEK);
    expect(third.weekCap).toBe(200);
    expect(signupCredits(third, WEEK)).toBe(0);
  });

  it("limits nothing in another week", () => {
    const hold: AllowanceHold = { week: WEEK, credits: 0, weekCap: 0 };
    expect(signupCredits(hold, NEXT_WEEK)).toBe(UNVERIFIED_CREDITS);
    expect(verificationTarget(hold, 0, NEXT_WEEK)).toBe(WEEKLY_ALLOWANCE);
    // And an old week's cap is not carried into a new one.
    const after = holdAfterDeletion(
      { emailVerified: false, credits: 300, spent: 0 },
      hold,
      NEXT_WEEK,
    );
    expect(after.weekCap).toBeNull();
  });

  it("with no hold, the usual signup credits and allowance", () => {
    expect(signupCredits(null, WEEK)).toBe(UNVERIFIED_CREDITS);
    expect(verificationTarget(null, 250, WEEK)).toBe(WEEKLY_ALLOWANCE);
  });

  it("never caps above the weekly allowance, even for ad credits above it", () => {
    const hold = holdAfterDeletion({ emailVerified: true, credits: 1400, spent: 0 }, null, WEEK);
    expect(verificationTarget(hold, 0, WEEK)).toBe(WEEKLY_ALLOWANCE);
  });
});

describe("two holds on one mailbox (one under each of its keys)", () => {
  it("the later week's wins: an older week limits nothing", () => {
    const old: AllowanceHold = { week: WEEK, credits: 0, weekCap: 0 };
    const recent: AllowanceHold = { week: NEXT_WEEK, credits: 600, weekCap: 600 };
    expect(stricterHold(old, recent)).toEqual(recent);
    expect(stricterHold(recent, old)).toEqual(recent);
  });

  it("in one week, the lower balance and the lower cap", () => {
    const a: AllowanceHold = { week: WEEK, credits: 200, weekCap: null };
    const b: AllowanceHold = { week: WEEK, credits: 700, weekCap: 700 };
    expect(stricterHold(a, b)).toEqual({ week: WEEK, credits: 200, weekCap: 700 });
    expect(stricterHold(b, { week: WEEK, credits: 900, weekCap: 400 })).toEqual({
      week: WEEK,
      credits: 700,
      weekCap: 400,
    });
    expect(stricterHold(a, { ...a, credits: 300 })).toEqual(a);
  });
});

describe("trial texts left on a network", () => {
  it("counts down from 10 and never below 0", () => {
    expect(trialTextsLeft(0)).toBe(10);
    expect(trialTextsLeft(9)).toBe(1);
    expect(trialTextsLeft(10)).toBe(0);
    expect(trialTextsLeft(14)).toBe(0);
  });
});
