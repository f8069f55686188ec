import type { PublicUser } from "#shared/schemas/auth.ts";
import { apiFetch } from "#client/http.ts";
import { messages, type MessageKey } from "#i18n/messages.ts";
import { describeFailure } from "#i18n/wording.ts";
import { $language } from "./preferences.ts";
import { createFetcherStore, invalidateKeys } from "./query.ts";
import { showToast } from "./toasts.ts";

export const USER_KEY = "/api/auth/me";
const FIVE_MINUTES = 300_000;

/** The signed-in user, or null; fresh for 5 minutes (spec §7). */
export const $currentUser = createFetcherStore<{ success: boolean; user: PublicUser | null }>(
  [USER_KEY],
  { dedupeTime: FIVE_MINUTES },
);

export function refreshUser(): void {
  invalidateKeys(USER_KEY);
}

const t = (key: MessageKey) => messages.translate($language.get(), key);

/** Sends a new verification link and says how it went (spec §8's messages). */
export async function resendVerificationEmail(email: string): Promise<void> {
  try {
    const { ok, body } = await apiFetch("/api/auth/resend-verification", { json: { email } });
    if (ok && body.success) {
      showToast({ title: t("verify.sent"), description: t("verify.sentBody"), variant: "success" });
    } else {
      const description = describeFailure($language.get(), body, "verify.sendFailed");
      showToast({ title: t("common.error"), description, variant: "error" });
    }
  } catch {
    showToast({ title: t("common.error"), description: t("verify.sendFailed"), variant: "error" });
  }
}
