import { atom } from "nanostores";
import { takeFlashToast, type FlashToast } from "#client/flash.ts";

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
  if (params.get("registered") === "true") {
    showToast({
      title: "Registration Successful",
      description: "Please log in to continue.",
      variant: "success",
    });
  } else if (params.get("verified") === "true") {
    showToast({
      title: "Email Verified",
      description: "Your email address is verified. Your weekly credits are ready.",
      variant: "success",
    });
  } else if (params.get("verified") === "false") {
    showToast({
      title: "Verification Error",
      description: "This verification link is invalid or has expired.",
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
