/**
 * A toast that survives a full page load ("Logged Out" after the reload to /). Kept in
 * sessionStorage and shown once by the next page's toaster.
 */
export interface FlashToast {
  title: string;
  description?: string;
  variant?: "success" | "error" | "default";
}

const KEY = "flash-toast";

export function queueFlashToast(toast: FlashToast): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(toast));
  } catch {
    // Without storage the toast is lost; the navigation still happens.
  }
}

export function takeFlashToast(): FlashToast | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return raw ? (JSON.parse(raw) as FlashToast) : null;
  } catch {
    return null;
  }
}
