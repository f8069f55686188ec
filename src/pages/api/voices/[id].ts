import type { APIRoute } from "astro";
import type { VoiceAnswer } from "#shared/api/voices.ts";
import { voiceChangesSchema } from "#shared/schemas/voices.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { failure } from "#server/errors.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";
import { deleteVoice, updateVoice } from "#server/voices/voices.ts";

export const prerender = false;

/** PATCH /api/voices/{id}: changes one of the caller's voices; another's answers 404. */
export const PATCH: APIRoute = async ({ request, locals, params }) => {
  const user = requireUser(locals);
  const changes = await readJsonBody(request, voiceChangesSchema);
  await consumeRateLimit("voicesByAccount", user.id);
  const voice = await updateVoice(await getDb(), user.id, params.id ?? "", changes, systemNow());
  if (!voice) throw failure("NOT_FOUND", "voiceNotFound");
  const answer: VoiceAnswer = { success: true, voice };
  return jsonResponse(answer);
};

/** DELETE /api/voices/{id}: deletes one of the caller's voices; another's answers 404. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  await consumeRateLimit("voicesByAccount", user.id);
  if (!(await deleteVoice(await getDb(), user.id, params.id ?? ""))) {
    throw failure("NOT_FOUND", "voiceNotFound");
  }
  return jsonResponse({ success: true, message: "Voice deleted." });
};
