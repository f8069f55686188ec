import { formatNumber } from "#shared/format.ts";
import { languageTag } from "#shared/generation.ts";
import type { Localized } from "#shared/use-cases.ts";

/** A message's `{placeholders}` and what fills them. */
export type Values = Record<string, string | number>;

/** The base of each pair of keys that has a `.one` and an `.other` form. */
export type CountedKey<K extends string> = K extends `${infer Base}.one` ? Base : never;

/**
 * One namespace of interface strings, in English and Turkish (DESIGN §7). The interface is
 * Turkish when Turkish is the chosen language and the namespace's Turkish half is there,
 * English otherwise. Keys ending in `.one` / `.other` are the two plural forms of one message.
 */
export interface Catalog<K extends string> {
  readonly en: Readonly<Record<K, string>>;
  /** The Turkish half: null until a half that loads on demand has loaded. */
  readonly tr: Readonly<Record<K, string>> | null;
  /** Loads the Turkish half when it loads on demand; resolves at once otherwise. */
  load(): Promise<void>;
  /** The interface's language for a chosen language. */
  locale(language: string): "en" | "tr";
  /** Every message in the interface's language. */
  words(language: string): Readonly<Record<K, string>>;
  /** Whether a key built at run time (a writer's id, an action) is one of this namespace's. */
  has(key: string): key is K;
  /** One message, its placeholders filled; numbers written as the chosen language writes them. */
  translate(language: string, key: K, values?: Values): string;
  /** A counted message ("1 text left", "3 texts left"); `{count}` is filled with `count`. */
  plural(language: string, key: CountedKey<K>, count: number, values?: Values): string;
  /**
   * One message in both languages, for a page built once for both (Words.astro); the
   * Turkish half must have loaded (`await load()`).
   */
  both(key: K, values?: Record<string, string>): Localized;
}

/**
 * A namespace's English and its Turkish: the Turkish as an object, or as a function that
 * imports it, so that visitors who read English do not download it.
 */
export function catalog<E extends Record<string, string>>(
  en: E,
  tr: Record<keyof E & string, string>,
): Catalog<keyof E & string> & { readonly en: E; readonly tr: Record<keyof E & string, string> };
export function catalog<E extends Record<string, string>>(
  en: E,
  tr: () => Promise<Record<keyof E & string, string>>,
): Catalog<keyof E & string> & { readonly en: E };
export function catalog<E extends Record<string, string>>(
  en: E,
  tr: Record<keyof E & string, string> | (() => Promise<Record<keyof E & string, string>>),
): Catalog<keyof E & string> {
  type K = keyof E & string;
  let turkish = typeof tr === "function" ? null : tr;
  let loading: Promise<void> | null = null;
  const words = (language: string) => (locale(language) === "tr" ? turkish! : en);
  function locale(language: string): "en" | "tr" {
    return language === "turkish" && turkish ? "tr" : "en";
  }
  function translate(language: string, key: K, values: Values = {}): string {
    return fill(language, words(language)[key], values);
  }
  return {
    en,
    get tr() {
      return turkish;
    },
    load() {
      if (turkish || typeof tr !== "function") return Promise.resolve();
      loading ??= tr().then(
        (loaded) => void (turkish = loaded),
        (error: unknown) => {
          loading = null; // the next call tries again
          throw error;
        },
      );
      return loading;
    },
    locale,
    words,
    has: (key): key is K => key in en,
    translate,
    plural(language, key, count, values = {}) {
      const form = new Intl.PluralRules(locale(language)).select(count) === "one" ? "one" : "other";
      return translate(language, `${key}.${form}` as K, { count, ...values });
    },
    both(key, values = {}) {
      if (!turkish) throw new Error(`The Turkish half of "${key}" has not loaded.`);
      return { en: fill("english", en[key], values), tr: fill("turkish", turkish[key], values) };
    },
  };
}

/** A message's `{placeholders}` filled, numbers written as the chosen language writes them. */
function fill(language: string, template: string, values: Values): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = values[name];
    if (value === undefined) return match;
    return typeof value === "number" ? formatNumber(value, languageTag(language)) : value;
  });
}
