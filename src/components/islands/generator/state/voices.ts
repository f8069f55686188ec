import { computed } from "nanostores";
import type { Voice, VoiceAnswer, VoiceList } from "#shared/api/voices.ts";
import type { NewVoice, VoiceChanges } from "#shared/schemas/voices.ts";
import { apiFetch, type ApiResult } from "#client/http.ts";
import { createFetcherStore, invalidateKeys } from "#stores/query.ts";
import { $currentUser } from "#stores/user.ts";

export const VOICES_KEY = "/api/voices";

/** Only a signed-in user has voices: for a guest the store asks for nothing. */
const $voicesKey = computed($currentUser, ({ data }) => (data?.user ? VOICES_KEY : null));

/** The signed-in user's saved voices; fresh for 5 minutes, refetched after each change. */
export const $voices = createFetcherStore<VoiceList>([$voicesKey], { dedupeTime: 300_000 });

type Answer<T> = Promise<ApiResult<T>>;

async function changed<T>(answer: Answer<T>): Answer<T> {
  const result = await answer;
  if (result.ok) invalidateKeys(VOICES_KEY);
  return result;
}

export function saveVoice(voice: Partial<NewVoice>): Answer<VoiceAnswer> {
  return changed(apiFetch<VoiceAnswer>(VOICES_KEY, { json: voice }));
}

export function changeVoice(id: Voice["id"], changes: VoiceChanges): Answer<VoiceAnswer> {
  return changed(apiFetch<VoiceAnswer>(`${VOICES_KEY}/${id}`, { method: "PATCH", json: changes }));
}

export function deleteVoice(id: Voice["id"]): Answer<{ success: boolean }> {
  return changed(apiFetch(`${VOICES_KEY}/${id}`, { method: "DELETE" }));
}
