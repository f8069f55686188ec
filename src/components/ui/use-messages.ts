import { useStore } from "@nanostores/react";
import { translate, uiLocale, type MessageKey } from "#i18n/messages.ts";
import { $language, $turkishReady } from "#stores/preferences.ts";

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * The chosen language and its catalog: every island words its strings through this.
 * Islands shown only in the browser render in the chosen language at once (the Turkish half
 * has loaded before they mount, stores/preferences.ts). Islands rendered on the server
 * hydrate in English, as the server rendered them, and turn to the chosen language right
 * after; `words` says which language this render is in: set as `data-ui-words` on their
 * outer element, it keeps their English out of sight on a Turkish page (decision 099).
 */
export function useMessages(): { language: string; t: Translate; words: "en" | "tr" } {
  const language = useStore($language, { ssr: "initial" });
  // Read for its change alone: the Turkish half has arrived, the words change.
  useStore($turkishReady, { ssr: "initial" });
  return {
    language,
    t: (key, values) => translate(language, key, values),
    words: uiLocale(language),
  };
}
