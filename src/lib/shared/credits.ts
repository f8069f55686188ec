import type { RefineAction } from "./generation.ts";
import type { PlanNumbers } from "./plan.ts";

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
 * cost; nothing delivered costs nothing. A finished text costs `cost`, the plan's cost of a
 * text (COST_PER_USE unless an operator changed it, issue 29).
 */
export function partialTextCost(deliveredCharacters: number, cost = COST_PER_USE): number {
  if (deliveredCharacters <= 0) return 0;
  // Whole numbers on both sides, so an exact share is not rounded up by a float's tail.
  const tens = Math.ceil((deliveredCharacters * cost) / (CHARACTERS_PER_TEXT * 10));
  return Math.min(cost, tens * 10);
}

/**
 * What a finished passage change costs (decision 089): the larger of what it writes (its
 * characters' share of CHARACTERS_PER_TEXT, the stopped-text rule) and what it replaces
 * (the replaced characters' share of the text they stood in), rounded up to the next 10
 * credits, from 10 to a whole text's cost. A passage that is the whole text costs a whole
 * text; a continuation replaces nothing and costs what it writes. Counts are code points
 * (`countCharacters`). `cost` is the plan's cost of a whole text.
 */
export function passageChangeCost(
  written: number,
  replaced: number,
  textChars: number,
  cost = COST_PER_USE,
): number {
  // Whole numbers on both sides, so an exact share is not rounded up by a float's tail.
  const byWriting = Math.ceil((written * cost) / (CHARACTERS_PER_TEXT * 10));
  const byShare = textChars > 0 ? Math.ceil((replaced * cost) / (textChars * 10)) : 0;
  return Math.min(cost, Math.max(1, byWriting, byShare) * 10);
}

/**
 * What a change is expected to cost before it starts: from `low` to `high` credits (a type,
 * not an interface, so that it fills a message's `{low}–{high}` as it is).
 */
export type PriceRange = { low: number; high: number };

/**
 * How long a rewritten passage tends to come out against the one it replaces, by action,
 * as the passage prompts ask (src/lib/server/generation/prompts.ts): an estimate for the
 * panel, not a bound (the writer decides; the price is settled by what it wrote).
 */
const WRITTEN_SHARE: Record<Exclude<RefineAction, "continue" | "translate">, [number, number]> = {
  shorter: [0.3, 0.8],
  longer: [1.5, 2.5],
  grammar: [0.9, 1.1],
  rephrase: [0.8, 1.3],
  formal: [0.8, 1.4],
  friendlier: [0.8, 1.4],
  simpler: [0.7, 1.2],
  instruction: [0.5, 2],
};

/** A continuation is "at most a paragraph": about this many characters, fewest to most. */
const CONTINUATION_CHARS: [number, number] = [100, 600];

/**
 * How many characters a passage change's answer is expected to hold, fewest to most, for a
 * passage of `replaced` characters (the passage as the server trims it): by action, or
 * about a paragraph for `continue`. The most is also the writer's budget for the answer
 * (prompts.ts), so that the answer follows the passage, not the whole text's length.
 */
export function passageAnswerCharacters(
  replaced: number,
  action: Exclude<RefineAction, "translate">,
): [number, number] {
  if (action === "continue") return CONTINUATION_CHARS;
  const [fewest, most] = WRITTEN_SHARE[action];
  return [Math.floor(replaced * fewest), Math.ceil(replaced * most)];
}

/**
 * The price a change of `text` will likely cost, for the panel to say before it starts
 * ("about 10–30 credits"; decision 089), and its ceiling: the server never charges more
 * than its `high`, computed from the same inputs. `passage` is the selection as the
 * request sends it (UTF-16 offsets into `text`), null for the whole text. A whole-text
 * change is a whole text: `cost`, the plan's (less only if stopped). A passage change is priced as the
 * server prices it (`passageChangeCost`), on the passage without the whitespace at its
 * edges (which stays the text's), with the new passage's length estimated by action;
 * `continue` replaces nothing and writes about a paragraph, with or without a passage.
 */
export function passagePriceRange(
  text: string,
  passage: { start: number; end: number } | null,
  action: RefineAction,
  cost = COST_PER_USE,
): PriceRange {
  const textChars = countCharacters(text);
  if (action !== "continue" && (!passage || action === "translate")) {
    return { low: cost, high: cost };
  }
  const replaced =
    passage && action !== "continue"
      ? countCharacters(text.slice(passage.start, passage.end).trim())
      : 0;
  const [fewest, most] = passageAnswerCharacters(replaced, action);
  return {
    low: passageChangeCost(fewest, replaced, textChars, cost),
    high: passageChangeCost(most, replaced, textChars, cost),
  };
}

/**
 * The price said before a change, whose `high` the server charges no more than (decision
 * 089). The passage toolbar says one figure for all its buttons: from Shorter's low to
 * Longer's high (the fewest and the most any rewrite writes; Continue is held to it too).
 * Its Ask box, and a change without a passage, say their own (`passagePriceRange`).
 */
export function passageQuote(
  text: string,
  passage: { start: number; end: number } | null,
  action: RefineAction,
  cost = COST_PER_USE,
): PriceRange {
  if (!passage || action === "instruction" || action === "translate") {
    return passagePriceRange(text, passage, action, cost);
  }
  const shortest = passagePriceRange(text, passage, "shorter", cost);
  return { low: shortest.low, high: passagePriceRange(text, passage, "longer", cost).high };
}

/** GET /api/credits/status. */
export interface CreditStatus {
  credits: number;
  hasCredits: boolean;
  isGuest: boolean;
  packageName: "Guest Trial" | "Free";
  packageBonus: number;
  costPerUse: number;
  /** The plan in force (issue 29): the numbers the card, the dialogs and prices state. */
  plan: PlanNumbers;
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

/** Spec §2: floor(N/100) usage rights (N over the plan's cost of a text). */
export function usageRights(credits: number, cost = COST_PER_USE): number {
  return Math.floor(credits / cost);
}
