import { expect } from "vitest";
import type { MessageKey } from "#i18n/messages.ts";

/**
 * Catalog keys whose English text is also their Turkish text, each with the reason. Every
 * other key must read differently in Turkish (tests/unit/i18n.test.ts), and no English text
 * of them may show on a page in Turkish (tests/e2e/turkish.spec.ts).
 */
export const SAME_IN_BOTH: Partial<Record<MessageKey, string>> = {
  "generator.count": "only numbers: the prompt's characters, of its limit",
  "desk.versionShort": "only numbers: the shown version, of how many",
  "desk.markdownView": "a name: Markdown is the format's own name in every language",
};

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/**
 * A feature's catalog is worded in Turkish for every English key: not left in English, and
 * with the same placeholders.
 */
export function expectWordedInTurkish<Key extends string>(catalog: {
  en: Record<Key, string>;
  tr: Record<Key, string>;
}): void {
  const { en, tr } = catalog;
  expect(Object.keys(tr).sort()).toEqual(Object.keys(en).sort());
  for (const key of Object.keys(en) as Key[]) {
    expect(tr[key].trim(), key).toBeTruthy();
    expect(tr[key], key).not.toBe(en[key]);
    expect(placeholders(tr[key]), key).toEqual(placeholders(en[key]));
  }
}
