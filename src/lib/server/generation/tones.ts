import type { Tone } from "#shared/generation.ts";
import toneData from "./tones.json" with { type: "json" };

/**
 * How a template draft takes a tone: the usual sections, one section (concise), or a slot
 * for the strongest reason (persuasive).
 */
export type DraftTone = "plain" | "concise" | "persuasive";

export interface ToneGuide {
  /** What the writer is told the tone is, after "Tone: " in the instructions. */
  instructions: string;
  draft: DraftTone;
}

/**
 * Each tone's instructions and template-draft shape, as data (tones.json), so that a tone
 * is reworded or added without touching the prompts; its name is in the catalog (src/i18n).
 */
export const TONE_GUIDES = toneData as Record<Tone, ToneGuide>;
