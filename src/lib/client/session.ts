import { pageInChosenLanguage } from "./chosen-language.ts";
import { queueFlashToast } from "./flash.ts";
import { frameText } from "./page-words.ts";

/** Fired on window when this page signs a user in, so the header can switch at once. */
export const SIGNED_IN_EVENT = "auth:signed-in";

export function announceSignIn(): void {
  window.dispatchEvent(new Event(SIGNED_IN_EVENT));
}

/** Session flags that belong to the signed-in user (spec §3: the reminder's dismissal). */
const USER_SESSION_FLAGS = ["verification-reminder-dismissed"];

/**
 * Spec §4: logout clears the client data, shows "Logged Out" and reloads fully to /.
 * The full reload drops every in-memory store; session flags are removed here.
 */
export async function signOut(): Promise<void> {
  try {
    await fetch("/api/auth/logout", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
  } finally {
    for (const flag of USER_SESSION_FLAGS) sessionStorage.removeItem(flag);
    queueFlashToast({ title: frameText("frame.loggedOut"), variant: "success" });
    location.assign(pageInChosenLanguage("/"));
  }
}
