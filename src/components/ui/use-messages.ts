import { useStore } from "@nanostores/react";
import { translate, type MessageKey } from "#i18n/messages.ts";
import { $language } from "#stores/preferences.ts";

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** The chosen language and its catalog: every island words its strings through this. */
export function useMessages(): { language: string; t: Translate } {
  const language = useStore($language);
  return { language, t: (key, values) => translate(language, key, values) };
}
