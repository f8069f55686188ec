import { describe, expect, it } from "vitest";
import { apiKeyWords } from "#i18n/api-keys.ts";
import { catalog, type Catalog } from "#i18n/catalog.ts";
import { changeWords } from "#i18n/changes.ts";
import { consoleWords } from "#i18n/console.ts";
import { creditsWords } from "#i18n/credits.ts";
import { frameWords } from "#i18n/frame.ts";
import { libraryExportWords } from "#i18n/library-export.ts";
import { messages, type MessageKey } from "#i18n/messages.ts";
import { outcomeWords } from "#i18n/outcomes.ts";
import { pageWords } from "#i18n/pages.ts";
import { passageWords } from "#i18n/passages.ts";
import { shareCardWords } from "#i18n/share-card.ts";
import { shareWords } from "#i18n/shares.ts";
import { signupWords } from "#i18n/signup.ts";
import { templateWords } from "#i18n/templates.ts";
import { libraryFailureWords } from "#i18n/library-failures.ts";
import { useCaseWords } from "#i18n/use-cases.ts";
import { voiceWords } from "#i18n/voices.ts";
import { writeWords } from "#i18n/write.ts";
import { SAME_IN_BOTH } from "../support/i18n-same.ts";

/** Every namespace of interface strings, by its name. */
const NAMESPACES: Record<string, Catalog<string>> = {
  messages,
  frameWords,
  passageWords,
  outcomeWords,
  voiceWords,
  useCaseWords,
  consoleWords,
  pageWords,
  writeWords,
  changeWords,
  shareCardWords,
  creditsWords,
  libraryExportWords,
  shareWords,
  templateWords,
  libraryFailureWords,
  apiKeyWords,
  signupWords,
};

await Promise.all(Object.values(NAMESPACES).map((namespace) => namespace.load()));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe.each(Object.entries(NAMESPACES))("the %s namespace", (_, namespace) => {
  const { en } = namespace;
  const tr = namespace.tr!;
  const keys = Object.keys(en);

  it("has a Turkish entry for every English key, with the same placeholders", () => {
    expect(Object.keys(tr).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(tr[key]?.trim(), key).toBeTruthy();
      expect(placeholders(tr[key]!), key).toEqual(placeholders(en[key]!));
    }
  });

  it("answers in Turkish only when Turkish is chosen", () => {
    const key = keys.find((candidate) => tr[candidate] !== en[candidate])!;
    expect(namespace.translate("turkish", key)).toBe(tr[key]);
    expect(namespace.translate("english", key)).toBe(en[key]);
    expect(namespace.translate("german", key)).toBe(en[key]);
    expect(namespace.words("turkish")).toBe(tr);
  });
});

describe("the words of the result, the history, the dialogs, the picker and the credits page", () => {
  it.each(
    Object.entries({
      passageWords,
      outcomeWords,
      voiceWords,
      useCaseWords,
      changeWords,
      creditsWords,
    }) as [string, Catalog<string>][],
  )("read differently in Turkish for every key (%s)", (_, namespace) => {
    for (const [key, english] of Object.entries(namespace.en)) {
      expect(namespace.tr![key], key).not.toBe(english);
    }
  });
});

describe("the main catalog", () => {
  it("reads differently in Turkish except where the list says why not", () => {
    const tr = messages.tr!;
    const same = (Object.keys(messages.en) as MessageKey[]).filter(
      (key) => tr[key] === messages.en[key],
    );
    expect(same.sort()).toEqual(Object.keys(SAME_IN_BOTH).sort());
  });
});

describe("a catalog", () => {
  const sample = catalog(
    { "item.count.one": "{count} item", "item.count.other": "{count} items", hello: "Hello" },
    { "item.count.one": "{count} öğe", "item.count.other": "{count} öğe", hello: "Merhaba" },
  );

  it("fills placeholders, numbers in the chosen language's way", () => {
    expect(sample.plural("english", "item.count", 1)).toBe("1 item");
    expect(sample.plural("english", "item.count", 1200)).toBe("1,200 items");
    expect(sample.plural("german", "item.count", 1200)).toBe("1.200 items");
    expect(sample.plural("turkish", "item.count", 1200)).toBe("1.200 öğe");
  });

  it("gives both languages of a message for pages built once for both", () => {
    expect(sample.both("hello")).toEqual({ en: "Hello", tr: "Merhaba" });
    expect(sample.has("hello")).toBe(true);
    expect(sample.has("goodbye")).toBe(false);
  });

  it("reads English until a Turkish half that loads on demand has loaded", async () => {
    const lazy = catalog({ hello: "Hello" }, async () => ({ hello: "Merhaba" }));
    expect(lazy.translate("turkish", "hello")).toBe("Hello");
    expect(lazy.locale("turkish")).toBe("en");
    await lazy.load();
    expect(lazy.translate("turkish", "hello")).toBe("Merhaba");
    expect(lazy.locale("turkish")).toBe("tr");
  });
});
