import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import type { Catalog, CountedKey, Values } from "#i18n/catalog.ts";
import { messages, type MessageKey } from "#i18n/messages.ts";
import { $language, $turkishReady } from "#stores/preferences.ts";

/** One message of a namespace in the chosen language, its placeholders filled. */
export type Translate<K extends string = MessageKey> = (key: K, values?: Values) => string;

export interface Messages<K extends string> {
  /** The chosen language (an output language: "english", "turkish", "german", …). */
  language: string;
  t: Translate<K>;
  /** A counted message: "1 text left", "3 texts left". */
  plural: (key: CountedKey<K>, count: number, values?: Values) => string;
  /** The language this render's words are in. */
  words: "en" | "tr";
}

/**
 * The chosen language and a namespace's words (the main catalog unless one is given, e.g.
 * `useMessages(passageWords)`): every island words its strings through this.
 * Islands shown only in the browser render in the chosen language at once (the Turkish half
 * has loaded before they mount, stores/preferences.ts). Islands rendered on the server
 * hydrate in English, as the server rendered them, and turn to the chosen language right
 * after; `words` says which language this render is in: set as `data-ui-words` on their
 * outer element, it keeps their English out of sight on a Turkish page (decision 099).
 */
export function useMessages(): Messages<MessageKey>;
export function useMessages<K extends string>(namespace: Catalog<K>): Messages<K>;
export function useMessages(namespace: Catalog<string> = messages): Messages<string> {
  const language = useStore($language, { ssr: "initial" });
  // The Turkish half arriving changes the words, so `t` with them (and what is memoised on it).
  const turkishReady = useStore($turkishReady, { ssr: "initial" });
  return useMemo(
    (): Messages<string> => ({
      language,
      t: (key, values) => namespace.translate(language, key, values),
      plural: (key, count, values) => namespace.plural(language, key, count, values),
      words: namespace.locale(language),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- turkishReady is read for its change: namespace.translate reads the loaded half
    [namespace, language, turkishReady],
  );
}
