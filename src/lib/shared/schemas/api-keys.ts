import { API_KEY_REASON, MAX_API_KEY_NAME_CHARS } from "#shared/api-keys.ts";
import { z } from "#shared/zod.ts";

/** POST /api/keys: a new key's name, to tell it apart later ("CI", "Newsletter script"). */
export const newApiKeySchema = z.object({
  name: z
    .string({ error: API_KEY_REASON.apiKeyNameMissing })
    .trim()
    .min(1, API_KEY_REASON.apiKeyNameMissing)
    .max(MAX_API_KEY_NAME_CHARS, API_KEY_REASON.apiKeyNameTooLong),
});

export type NewApiKey = z.infer<typeof newApiKeySchema>;
