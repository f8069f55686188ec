import type { GenerationRequest } from "#shared/schemas/generation.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import type { Database } from "#server/db/index.ts";
import { failure } from "#server/errors.ts";
import { findFinishedText, type Lineage } from "./generations.ts";
import type { RefinementSource } from "./prompts.ts";

export interface RefinementPlan {
  request: GenerationRequest;
  lineage: Lineage;
  source: RefinementSource;
}

const LONGER: Record<GenerationRequest["length"], GenerationRequest["length"]> = {
  short: "medium",
  medium: "long",
  long: "long",
};

/**
 * A follow-up to one of the owner's finished texts: the text as it is kept (never as the
 * client sends it), in the parent's language, type and tone unless the action changes them.
 */
export async function refinementOf(
  db: Database,
  owner: CreditOwner,
  request: GenerationRequest,
): Promise<RefinementPlan> {
  const { parentId, action } = request.refine!;
  const parent = await findFinishedText(db, owner, parentId);
  if (!parent) throw failure("NOT_FOUND", "textNotFound");
  const base = parent.request;
  const refined: GenerationRequest = {
    ...base,
    variant: request.variant,
    refine: request.refine,
    voiceId: request.voiceId,
    language: action === "translate" ? request.language : base.language,
    tone: action === "formal" ? "formal" : action === "friendlier" ? "friendly" : base.tone,
    length: action === "longer" ? LONGER[base.length] : base.length,
  };
  return {
    request: refined,
    lineage: { parentId: parent.id, rootId: parent.rootId ?? parent.id, refinement: action },
    source: { parentId: parent.id, action, text: parent.text },
  };
}
