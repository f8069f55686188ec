import type { APIRoute } from "astro";
import type { VoiceAnswer, VoiceList } from "#shared/api/voices.ts";
import { newVoiceSchema } from "#shared/schemas/voices.ts";
import { MAX_VOICES } from "#shared/voices.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";
import { createVoice, listVoices } from "#server/voices/voices.ts";

export const prerender = false;

/** GET /api/voices: the caller's saved voices. */
export const GET: APIRoute = async ({ locals }) => {
  const user = requireUser(locals);
  const answer: VoiceList = {
    success: true,
    voices: await listVoices(await getDb(), user.id),
    limit: MAX_VOICES,
  };
  return jsonResponse(answer);
};

/** POST /api/voices: saves a new voice (at most MAX_VOICES; 409 past them). */
export const POST: APIRoute = async ({ request, locals }) => {
  const user = requireUser(locals);
  const voice = await readJsonBody(request, newVoiceSchema);
  await consumeRateLimit("voicesByAccount", user.id);
  const answer: VoiceAnswer = {
    success: true,
    voice: await createVoice(await getDb(), user.id, voice, systemNow()),
  };
  return jsonResponse(answer, { status: 201 });
};
