import { useStore } from "@nanostores/react";
import { translate, type MessageKey } from "#i18n/messages.ts";
import { $language, $turkishReady } from "#stores/preferences.ts";

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * The chosen language and its catalog: every island words its strings through this.
 * Islands rendered on the server hydrate in English, as the server rendered them, and turn
 * to the chosen language right after.
 */
export function useMessages(): { language: string; t: Translate } {
  const language = useStore($language, { ssr: "initial" });
  // Read for its change alone: the Turkish half has arrived, the words change.
  useStore($turkishReady, { ssr: "initial" });
  return { language, t: (key, values) => translate(language, key, values) };
}
