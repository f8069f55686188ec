import { REASON } from "#shared/failures.ts";
import { MAX_VOICE_NAME_CHARS, MAX_VOICE_TEXT_CHARS } from "#shared/voices.ts";
import { z } from "#shared/zod.ts";

const name = z
  .string({ error: REASON.voiceNameMissing })
  .trim()
  .min(1, REASON.voiceNameMissing)
  .max(MAX_VOICE_NAME_CHARS, REASON.voiceNameTooLong);
const description = z.string().trim().max(MAX_VOICE_TEXT_CHARS, REASON.voiceDescriptionTooLong);
const sample = z.string().trim().max(MAX_VOICE_TEXT_CHARS, REASON.voiceSampleTooLong);

/** A voice holds a description of how its owner writes, a sample of their writing, or both. */
export function voiceHasText(voice: { description: string; sample: string }): boolean {
  return voice.description !== "" || voice.sample !== "";
}

/** POST /api/voices. */
export const newVoiceSchema = z
  .object({
    name,
    description: description.optional().default(""),
    sample: sample.optional().default(""),
  })
  .refine(voiceHasText, { message: REASON.voiceEmpty, path: ["description"] });
export type NewVoice = z.output<typeof newVoiceSchema>;

/** PATCH /api/voices/{id}: the fields to change; the voice must still hold some text. */
export const voiceChangesSchema = z
  .object({ name: name.optional(), description: description.optional(), sample: sample.optional() })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    message: "Send at least one of name, description and sample.",
  });
export type VoiceChanges = z.output<typeof voiceChangesSchema>;
