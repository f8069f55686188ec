import { CONTENT_TYPE_IDS, LANGUAGE_IDS } from "#shared/generation.ts";
import { REASON } from "#shared/failures.ts";
import type { HistoryItem } from "#shared/schemas/generation.ts";
import { z } from "#shared/zod.ts";

/**
 * POST /api/email/own (issue 26): a person's own text, kept as the first version of a text
 * on the desk. Blank is refused here; the length (MAX_OWN_TEXT_CHARS) is the server's check,
 * whose answer names the count.
 */
export const ownTextSchema = z.object({
  text: z
    .string({ error: REASON.ownTextEmpty })
    .refine((text) => text.trim().length > 0, REASON.ownTextEmpty),
  language: z.enum(LANGUAGE_IDS, { error: REASON.languageMissing }),
  contentType: z
    .enum(CONTENT_TYPE_IDS, { error: REASON.contentTypeMissing })
    .optional()
    .default("article"),
});

export type OwnTextBody = z.input<typeof ownTextSchema>;
export type OwnTextRequest = z.output<typeof ownTextSchema>;

/** The kept text: new (`created`), or the same text this owner already kept. */
export interface OwnTextAnswer {
  success: true;
  generationId: string;
  created: boolean;
  item: HistoryItem;
}
