import type { APIRoute } from "astro";
import { generationRequestSchema } from "#shared/schemas/generation.ts";
import { systemNow } from "#server/clock.ts";
import { getConfig } from "#server/config.ts";
import { getDb } from "#server/db/index.ts";
import { startGeneration } from "#server/generation/service.ts";
import { withUseCase } from "#server/generation/use-cases.ts";
import { OWN_TEXT_BODY_BYTES, readJsonBody } from "#server/http/api.ts";
import { generationEventStream, generationJson } from "#server/http/generation-answers.ts";
import { payingOwnerOf } from "#server/http/guest.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";
import { withTemplate } from "#server/templates/template-request.ts";

export const prerender = false;

/**
 * POST /api/email/generate: JSON by default; server-sent events with
 * `Accept: text/event-stream` (start, delta, reset, done or error).
 */
export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  // A use case's fields are checked against its definition before anything is charged;
  // a text tool's text makes the body up to 64 KiB (issue 26).
  const { request: body, useCase } = await withUseCase(
    await readJsonBody(request, generationRequestSchema, { maxBytes: OWN_TEXT_BODY_BYTES }),
  );
  await consumeRateLimit("generateByAddress", locals.clientNetwork);
  const db = await getDb();
  const owner = await payingOwnerOf(db, locals, cookies, url, systemNow());
  await consumeRateLimit("generateByOwner", owner.kind === "user" ? owner.userId : owner.guestId);
  const streamed = (request.headers.get("accept") ?? "").includes("text/event-stream");
  const config = getConfig();
  const generation = await startGeneration(
    db,
    owner,
    await withTemplate(db, owner, body),
    {
      now: systemNow,
      paced: streamed,
      leaseMs: config.RESERVATION_TIMEOUT_MS,
      address: locals.clientNetwork,
      ownerInFlight: config.TEXTS_IN_FLIGHT_PER_OWNER,
      addressInFlight: config.TEXTS_IN_FLIGHT_PER_ADDRESS,
    },
    useCase,
  );
  // A client that left while the generation started has already fired its abort.
  if (request.signal.aborted) generation.clientGone();
  else request.signal.addEventListener("abort", () => generation.clientGone(), { once: true });
  return streamed ? generationEventStream(generation) : generationJson(generation);
};
