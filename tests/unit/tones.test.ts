import { describe, expect, it } from "vitest";
import { TONES } from "#shared/generation.ts";
import { generationRequestSchema } from "#shared/schemas/generation.ts";
import { messages } from "#i18n/messages.ts";
import { composeOfflineDraft } from "#server/generation/offline/compose.ts";
import { buildPrompt } from "#server/generation/prompts.ts";
import { TONE_GUIDES } from "#server/generation/tones.ts";
import toneData from "#server/generation/tones.json" with { type: "json" };

await messages.load();
const en = messages.words("english");
const tr = messages.words("turkish");

function request(tone: string) {
  return generationRequestSchema.parse({
    content: "An email to my team about the new office.",
    language: "english",
    contentType: "email",
    tone,
  });
}

describe("the tone catalogue", () => {
  it("offers at least twelve tones, today's five among them", () => {
    expect(TONES.length).toBeGreaterThanOrEqual(12);
    expect(TONES).toEqual(expect.arrayContaining(["standard", "formal", "friendly"]));
    expect(TONES).toEqual(expect.arrayContaining(["persuasive", "concise"]));
  });

  it("words every tone in English and in Turkish, each name its own", () => {
    const english = TONES.map((tone) => en[`tone.${tone}`]);
    const turkish = TONES.map((tone) => tr[`tone.${tone}`]);
    for (const [i, tone] of TONES.entries()) {
      expect(english[i]?.trim(), tone).toBeTruthy();
      expect(turkish[i]?.trim(), tone).toBeTruthy();
      expect(turkish[i], tone).not.toBe(english[i]);
    }
    expect(new Set(english).size).toBe(TONES.length);
    expect(new Set(turkish).size).toBe(TONES.length);
  });

  it("has instructions and a draft shape for every tone, and for no other", () => {
    expect(Object.keys(toneData).sort()).toEqual([...TONES].sort());
    for (const tone of TONES) {
      expect(TONE_GUIDES[tone].instructions.trim().length, tone).toBeGreaterThan(10);
      expect(["plain", "concise", "persuasive"]).toContain(TONE_GUIDES[tone].draft);
    }
    const instructions = TONES.map((tone) => TONE_GUIDES[tone].instructions);
    expect(new Set(instructions).size).toBe(TONES.length);
  });

  it.each(TONES)("gives the writer the %s tone's instructions, in the system message", (tone) => {
    const prompt = buildPrompt(request(tone));
    expect(prompt.system).toContain(`Tone: ${TONE_GUIDES[tone].instructions}.`);
    expect(prompt.user).not.toContain(TONE_GUIDES[tone].instructions);
  });

  it.each(TONES)("writes a template draft in the %s tone", (tone) => {
    const text = composeOfflineDraft(request(tone));
    expect(text.length).toBeGreaterThan(100);
    const shape = TONE_GUIDES[tone].draft;
    // The persuasive shape asks for the strongest reason; the others do not.
    expect(text.includes("[the strongest reason the reader should agree]")).toBe(
      shape === "persuasive",
    );
  });
});
