/** One of the caller's API keys, as GET and POST /api/keys answer it; never the key itself. */
export interface ApiKey {
  id: string;
  name: string;
  /** The key's first characters (`atg_` and a few more). */
  prefix: string;
  createdAt: string;
  /** When the key last authenticated a request (to the minute); null when never. */
  lastUsedAt: string | null;
}

/** GET /api/keys: the caller's active keys, newest first, and how many they may have. */
export interface ApiKeyList {
  success: true;
  keys: ApiKey[];
  limit: number;
}

/** POST /api/keys (201): the new key, and `secret`, the whole key, shown this once. */
export interface NewApiKeyAnswer {
  success: true;
  key: ApiKey;
  secret: string;
}
