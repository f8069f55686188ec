import { messages, type MessageKey } from "#i18n/messages.ts";
import { describeFailure } from "#i18n/wording.ts";
import type { FailedAnswer } from "#shared/api/failures.ts";
import { apiFetch } from "#client/http.ts";
import { $desk, shownVersion, updateDesk, type TextVersion } from "./desk.ts";
import { invalidateHistory } from "./history-cache.ts";
import { $language } from "#stores/preferences.ts";
import { showToast } from "#stores/toasts.ts";

function t(key: MessageKey) {
  return messages.translate($language.get(), key);
}

/**
 * Edit → Save: the shown version, changed by hand, becomes a new version ("Edited"), free
 * and kept in the history. Resolves true once saved.
 */
export async function saveEditedText(text: string): Promise<boolean> {
  const version = shownVersion($desk.get());
  if (!version?.generationId || $desk.get().busy) return false;
  let saved: { ok: boolean; body: FailedAnswer & { generationId?: string } };
  try {
    saved = await apiFetch<{ generationId: string }>("/api/email/edit", {
      json: { parentId: version.generationId, text },
    });
  } catch {
    showToast({ title: t("toast.editFailed"), description: t("error.network"), variant: "error" });
    return false;
  }
  if (!saved.ok || !saved.body.generationId) {
    const description = describeFailure($language.get(), saved.body, "toast.editFailed");
    showToast({ title: t("toast.editFailed"), description, variant: "error" });
    return false;
  }
  const { versions } = $desk.get();
  // A text one of the versions already holds was not stored again: show that version.
  const same = versions.findIndex((v) => v.generationId === saved.body.generationId);
  if (same >= 0) {
    updateDesk({ shown: same, error: null });
    showToast({ title: t("toast.editSaved"), variant: "success" });
    return true;
  }
  const edited: TextVersion = {
    ...version,
    generationId: saved.body.generationId,
    text,
    edited: true,
    stopped: null,
    modelUsed: version.modelUsed === "stopped" ? null : version.modelUsed,
  };
  updateDesk({ versions: [...versions, edited], shown: versions.length, error: null });
  invalidateHistory();
  showToast({ title: t("toast.editSaved"), variant: "success" });
  return true;
}
