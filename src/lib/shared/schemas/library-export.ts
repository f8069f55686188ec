import { z } from "#shared/zod.ts";

/** GET /api/email/export?versions=all: every version of each text, not its newest alone. */
export const libraryExportQuerySchema = z.object({
  versions: z.enum(["newest", "all"]).optional().default("newest"),
});
