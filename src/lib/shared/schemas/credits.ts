import { z } from "#shared/zod.ts";

export const adSessionIdSchema = z.object({
  adSessionId: z.uuid({ error: "A valid ad session is required." }),
});

export const activityQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
