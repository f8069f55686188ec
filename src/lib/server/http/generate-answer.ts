import type { APIContext } from "astro";
import { systemNow } from "#server/clock.ts";
import { getConfig } from "#server/config.ts";
import { getDb } from "#server/db/index.ts";
import { startGeneration } from "#server/generation/service.ts";
import type { UseCaseRequest } from "#server/generation/use-cases.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";
import { withTemplate } from "#server/templates/template-request.ts";
import { generationEventStream, generationJson } from "./generation-answers.ts";
import { payingOwnerOf } from "./guest.ts";

/**
 * A checked text's request, written and answered: the one path of the web's generate
 * endpoint and of the API's per-use-case one (`/api/v1/use-cases/{slug}`), so that both
 * are rate-limited, priced, charged and refunded alike. JSON by default; server-sent
 * events with `Accept: text/event-stream` (start, delta, reset, done or error).
 */
export async function answerGeneration(
  { request, locals, cookies, url }: Pick<APIContext, "request" | "locals" | "cookies" | "url">,
  { request: body, useCase }: UseCaseRequest,
): Promise<Response> {
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
}
