import { z } from "#shared/zod.ts";

/** POST /api/shares: one of the caller's finished versions. */
export const newShareSchema = z.object({
  generationId: z.uuid({ error: "A valid text id is required." }),
});
