import { atom } from "nanostores";
import { takeFlashToast, type FlashToast } from "#client/flash.ts";
import { messages, type MessageKey } from "#i18n/messages.ts";
import { $language } from "./preferences.ts";

export interface ToastMessage extends FlashToast {
  id: number;
}

/** One toast at a time (spec §2): a new one replaces the one on screen. */
export const $toast = atom<ToastMessage | null>(null);

let nextId = 1;

export function showToast(toast: FlashToast): void {
  $toast.set({ variant: "default", ...toast, id: nextId++ });
}

export function dismissToast(id: number): void {
  if ($toast.get()?.id === id) $toast.set(null);
}

/** Shows a toast queued before a full page load, if any. */
export function showFlashToast(): void {
  const flash = takeFlashToast();
  if (flash) showToast(flash);
}

/**
 * Spec §2: /login opened with registered=true, verified=true or verified=false shows its
 * toast (and so does / when a signed-in visitor is sent on from /login). The flag is
 * then removed from the address so that a reload does not repeat it.
 */
export function showQueryFlagToast(): void {
  const params = new URLSearchParams(location.search);
  const t = (key: MessageKey) => messages.translate($language.get(), key);
  if (params.get("registered") === "true") {
    showToast({
      title: t("auth.registered"),
      description: t("auth.pleaseLogIn"),
      variant: "success",
    });
  } else if (params.get("verified") === "true") {
    showToast({
      title: t("auth.emailVerified"),
      description: t("auth.emailVerifiedBody"),
      variant: "success",
    });
  } else if (params.get("verified") === "false") {
    showToast({
      title: t("auth.verificationError"),
      description: t("auth.verificationErrorBody"),
      variant: "error",
    });
  } else {
    return;
  }
  params.delete("registered");
  params.delete("verified");
  const query = params.toString();
  history.replaceState(null, "", `${location.pathname}${query ? `?${query}` : ""}`);
}
