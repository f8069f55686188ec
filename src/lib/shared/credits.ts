/** Credit figures both sides show (DESIGN §4, spec §9). */
export const COST_PER_USE = 100;
export const WEEKLY_ALLOWANCE = 1000;
export const UNVERIFIED_CREDITS = 300;
export const GUEST_TRIAL_CREDITS = 300;
export const AD_REWARD = 100;
export const ADS_PER_DAY = 5;

/**
 * A whole text's worth of delivered characters: about what a short text (≈ 120 words) holds
 * in English. A text that ends early is priced against this fixed unit, never against the
 * length the client asked for, so asking for a longer text and stopping it is never cheaper
 * than asking for the text one wanted (decision 056).
 */
export const CHARACTERS_PER_TEXT = 800;

/**
 * Characters as the price counts them: every code point the writer wrote, spaces, joiners
 * and invisible ones included, so no separator makes a text cheaper than its length.
 */
export function countCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * What a text that ended early costs (DESIGN §4, decision 056): its delivered characters'
 * share of CHARACTERS_PER_TEXT, rounded up to the next 10 credits, at most a whole text's
 * cost; nothing delivered costs nothing. A finished text costs COST_PER_USE.
 */
export function partialTextCost(deliveredCharacters: number): number {
  if (deliveredCharacters <= 0) return 0;
  // Whole numbers on both sides, so an exact share is not rounded up by a float's tail.
  const tens = Math.ceil((deliveredCharacters * COST_PER_USE) / (CHARACTERS_PER_TEXT * 10));
  return Math.min(COST_PER_USE, tens * 10);
}

/**
 * What a passage change is likely to cost, before it is written (issue 43, decision 089):
 * it is priced by what it writes, so the range spans a new passage from half to one and a
 * half times the chosen one (`instruction`: to twice), and `continue` a paragraph or two.
 */
export function passagePrice(
  passageCharacters: number,
  action: "rephrase" | "instruction" | "continue",
): { low: number; high: number } {
  const price = (characters: number) => Math.max(10, partialTextCost(Math.ceil(characters)));
  if (action === "continue") return { low: price(200), high: price(800) };
  const most = action === "instruction" ? 2 : 1.5;
  return { low: price(passageCharacters / 2), high: price(passageCharacters * most) };
}

/** GET /api/credits/status. */
export interface CreditStatus {
  credits: number;
  hasCredits: boolean;
  isGuest: boolean;
  packageName: "Guest Trial" | "Free";
  packageBonus: number;
  costPerUse: number;
  /** ISO time of the next weekly reset, or null where none applies (guests, unverified). */
  nextResetTime: string | null;
  adsWatchedToday: number;
  adsPerDay: number;
  /** How long an ad runs before it can be claimed, in seconds. */
  adWatchSeconds: number;
  isVerified: boolean;
  /**
   * Trial texts this network (client address) may still start today, shared by its guests
   * and unverified accounts (DESIGN §4); null for a verified account, which writes no trial
   * texts.
   */
  trialLeftOnNetwork: number | null;
  /** Why no text can be written although credits are left; null when nothing stands in the way. */
  noTextReason: NoTextReason | null;
}

/**
 * Reasons beside the balance that keep a caller from writing (decision 084); the client
 * words each from the message catalogue (`noText.<reason>`).
 */
export type NoTextReason = "networkTrialUsedUp";

/**
 * Spec §9: whole days until the weekly reset, 0 when it is less than a day away or past
 * ("Soon"), null where none applies. The credit card words it (src/i18n).
 */
export function daysUntilReset(nextResetTime: string | null, now: Date): number | null {
  if (!nextResetTime) return null;
  const days = Math.floor((new Date(nextResetTime).getTime() - now.getTime()) / 86_400_000);
  return Math.max(0, days);
}

/** Spec §2: floor(N/100) usage rights. */
export function usageRights(credits: number): number {
  return Math.floor(credits / COST_PER_USE);
}
