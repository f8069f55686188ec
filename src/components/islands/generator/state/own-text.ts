import type { AttemptFailure } from "#generator/lib/attempt-failure.ts";
import { versionOf } from "#generator/lib/restored-versions.ts";
import type { FailedAnswer } from "#shared/api/failures.ts";
import type { OwnTextAnswer, OwnTextBody } from "#shared/schemas/own-text.ts";
import { apiFetch } from "#client/http.ts";
import { invalidateCreditStatus } from "#stores/credits.ts";
import { $desk, updateDesk } from "./desk.ts";
import { invalidateHistory } from "./history-cache.ts";

/**
 * "Start from your text" (issue 26): the person's own text kept by the server as a free
 * version, then shown on the desk as its first version, "Your text", in place of what the
 * desk showed (as a new text replaces it). Loaded with the dialog.
 */
export async function keepOwnText(body: OwnTextBody): Promise<AttemptFailure | null> {
  if ($desk.get().busy) return { key: "generator.busy" };
  let answer: { ok: boolean; status: number; body: Partial<OwnTextAnswer> & FailedAnswer };
  try {
    answer = await apiFetch<OwnTextAnswer>("/api/email/own", { json: body });
  } catch {
    return { key: "error.network" };
  }
  const item = answer.body.item;
  if (!answer.ok || !item) return { answer: answer.body, fallback: "error.generic" };
  updateDesk({
    versions: [versionOf(item, item.generatedContent ?? body.text)],
    shown: 0,
    error: null,
    errorAction: "retry",
    review: null,
    stoppedBeforeWords: false,
    fieldFailures: null,
  });
  invalidateHistory();
  // A guest's first text made their guest: the credit card reads it.
  invalidateCreditStatus();
  return null;
}
