import type { GenerationRequest } from "#shared/schemas/generation.ts";
import { fillPlaceholders } from "#shared/templates.ts";
import type { UseCase } from "#shared/use-cases.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import type { Database } from "#server/db/index.ts";
import { countGeneration, timeText } from "#server/metrics.ts";
import { eventChannel } from "./event-channel.ts";
import { saveTemplateDraft, type Lineage } from "./generations.ts";
import { composeOfflineDraft } from "./offline/compose.ts";
import type { Generation, GenerationOptions } from "./types.ts";
import type { TemplateReason } from "./writers/registry.ts";

/**
 * A template draft (DESIGN §5): written at once, free (no reservation, no ledger row, not
 * one of a guest's texts), kept in the history like any text, and labelled with the reason.
 */
export async function templateDraft(
  db: Database,
  owner: CreditOwner,
  request: GenerationRequest,
  templateReason: TemplateReason,
  options: GenerationOptions,
  useCase?: UseCase,
  lineage: Lineage | null = null,
): Promise<Generation> {
  const askedAt = performance.now();
  // A template's description (issue 28) is quoted as filled in, never with its {{names}}.
  const filled =
    !useCase && request.fields
      ? { ...request, content: fillPlaceholders(request.content, request.fields) }
      : request;
  const content = composeOfflineDraft(filled, useCase);
  const now = options.now();
  const saved = await saveTemplateDraft(db, owner, request, content, now, lineage);
  const { generationId, credits } = saved;
  countGeneration("template", "finished");
  // Its words come all at once: its first are its last.
  timeText("first-words", "template", askedAt);
  timeText("end", "template", askedAt);
  const { subject } = request;
  const channel = eventChannel();
  channel.push({ type: "start", generationId, subject });
  channel.push({ type: "delta", text: content });
  channel.push({
    type: "done",
    result: { generationId, subject, content, modelUsed: "local", templateReason, credits },
  });
  channel.close();
  return { generationId, subject, credits, events: channel.events, clientGone() {} };
}
