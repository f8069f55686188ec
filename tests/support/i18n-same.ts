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
