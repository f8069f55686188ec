import { atom, onMount } from "nanostores";
import { LANGUAGE_CHANGE_EVENT, LANGUAGE_KEY, storedLanguage } from "#client/chosen-language.ts";
import { messages } from "#i18n/messages.ts";

export { LANGUAGE_CHANGE_EVENT, LANGUAGE_KEY };

/** The output language the visitor chose; it also picks the UI's Turkish strings. */
export const $language = atom<string>("english");

onMount($language, () => {
  // Islands rendered on the server (the account forms) render in English.
  if (typeof window === "undefined") return;
  const read = () => {
    try {
      $language.set(localStorage.getItem(LANGUAGE_KEY) || "english");
    } catch {
      // No storage: keep the default, or the choice made on this page.
    }
  };
  read();
  window.addEventListener(LANGUAGE_CHANGE_EVENT, read);
  window.addEventListener("storage", read);
  const unbind = $language.subscribe((language) => {
    if (language === "turkish" && !$turkishReady.get()) {
      void messages.load().then(() => $turkishReady.set(true));
    }
  });
  return () => {
    window.removeEventListener(LANGUAGE_CHANGE_EVENT, read);
    window.removeEventListener("storage", read);
    unbind();
  };
});

/**
 * The catalog's Turkish half has loaded: it loads when Turkish is chosen, and every island
 * words itself again once it is there (`useMessages`).
 */
export const $turkishReady = atom(false);

// Every island words itself through this store: with Turkish chosen, the Turkish half loads
// before any of them mounts (a top-level await holds their modules), so that an island shown
// only in the browser paints Turkish from its first frame (decision 099). Should it fail to
// load, the whole page shows its English instead.
if (typeof window !== "undefined" && storedLanguage() === "turkish") {
  try {
    await messages.load();
    $turkishReady.set(true);
  } catch {
    document.documentElement.lang = "en";
  }
}

/** Resolves once the chosen language's words are there (at once, but for Turkish). */
export async function messagesReady(): Promise<void> {
  if ($language.get() === "turkish") await messages.load();
}

/** Stores the choice and tells every island (spec §3: the languageChange event). */
export function setLanguage(language: string): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // The choice still applies to this page.
  }
  $language.set(language);
  window.dispatchEvent(new CustomEvent(LANGUAGE_CHANGE_EVENT, { detail: language }));
}
