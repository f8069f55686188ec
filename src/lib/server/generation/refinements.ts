import type { GenerationRequest } from "#shared/schemas/generation.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import type { Database } from "#server/db/index.ts";
import { passageQuote } from "#shared/credits.ts";
import { textFieldOf } from "#shared/use-cases.ts";
import { failure } from "#server/errors.ts";
import { findFinishedText, type Lineage } from "./generations.ts";
import { OWN_TEXT_WRITER } from "./own-texts.ts";
import { spliceOf, type Splice } from "./passages.ts";
import type { RefinementSource } from "./prompts.ts";
import { findUseCase } from "./use-cases.ts";

export interface RefinementPlan {
  request: GenerationRequest;
  lineage: Lineage;
  source: RefinementSource;
  /**
   * A passage change: where the writer's answer goes in the parent's text. Only a passage
   * change is priced by what it writes and replaces (decision 089); a whole-text one, an
   * instruction too, is a whole text.
   */
  splice: Splice | null;
  /** The parent is a template draft, which no AI writer changes (issue 43, item 8). */
  ofTemplateDraft: boolean;
  /**
   * The most a passage change may cost at the plan's cost of a text: the upper figure said
   * before it (`passageQuote`, decision 089), from the same inputs; that cost otherwise.
   */
  ceiling: (cost: number) => number;
}

const LONGER: Record<GenerationRequest["length"], GenerationRequest["length"]> = {
  short: "medium",
  medium: "long",
  long: "long",
};

/**
 * A follow-up to one of the owner's finished texts: the text as it is kept (never as the
 * client sends it), in the parent's language, type and tone unless the action changes them.
 * A passage change keeps the parent's tone and length: only the passage changes. Throws a
 * 404 for a text that is not the owner's, a 400 for a passage outside it.
 */
export async function refinementOf(
  db: Database,
  owner: CreditOwner,
  request: GenerationRequest,
): Promise<RefinementPlan> {
  const refine = request.refine!;
  const { parentId, action } = refine;
  const parent = await findFinishedText(db, owner, parentId);
  if (!parent) throw failure("NOT_FOUND", "textNotFound");
  const splice = spliceOf(refine, parent.text);
  const base = parent.request;
  const whole = splice === null;
  const refined: GenerationRequest = {
    ...base,
    variant: request.variant,
    refine,
    voiceId: request.voiceId,
    language: action === "translate" ? request.language : base.language,
    tone:
      whole && action === "formal"
        ? "formal"
        : whole && action === "friendlier"
          ? "friendly"
          : base.tone,
    length: whole && action === "longer" ? LONGER[base.length] : base.length,
  };
  const instruction = action === "instruction" ? (refine.instruction ?? "") : null;
  const origin = await originOf(db, owner, parent);
  return {
    request: refined,
    lineage: {
      parentId: parent.id,
      rootId: parent.rootId ?? parent.id,
      refinement: action,
      instruction,
      passage: splice ? { start: splice.start, end: splice.end } : null,
    },
    source: {
      parentId: parent.id,
      action,
      text: parent.text,
      ...(instruction !== null ? { instruction } : {}),
      ...(splice ? { splice } : {}),
      ...(origin ? { origin } : {}),
    },
    splice,
    ofTemplateDraft: parent.modelUsed === "local",
    ceiling: (cost) =>
      splice ? passageQuote(parent.text, refine.passage ?? null, action, cost).high : cost,
  };
}

/**
 * The request a writer wrote the parent's text for, which a change continues (decision
 * 069): its own, as kept; a version made by a change or an edit is no version of that
 * request (variant 1). None for a line that starts from a text the person brought
 * (`own`, issue 26), which no writer wrote, or whose use case is gone.
 */
async function originOf(
  db: Database,
  owner: CreditOwner,
  parent: NonNullable<Awaited<ReturnType<typeof findFinishedText>>>,
): Promise<RefinementSource["origin"]> {
  const root = parent.rootId ? await findFinishedText(db, owner, parent.rootId) : parent;
  if (!root || root.modelUsed === OWN_TEXT_WRITER || parent.modelUsed === OWN_TEXT_WRITER)
    return undefined;
  const request = { ...parent.request, variant: parent.refinement ? 1 : parent.variant };
  if (!request.useCase) return { request };
  const useCase = await findUseCase(request.useCase);
  // A tool's request holds the person's whole text: with its answer and the change, more
  // than the local writer's context takes. Its changes read the text around the passage.
  if (!useCase || textFieldOf(useCase)) return undefined;
  return { request, useCase };
}
