import { LANGUAGES, type ContentType, type Language } from "#shared/generation.ts";
import type { GenerationRequest } from "#shared/schemas/generation.ts";
import type { UseCase } from "#shared/use-cases.ts";
import arabic from "./phrases/arabic.json" with { type: "json" };
import chinese from "./phrases/chinese.json" with { type: "json" };
import english from "./phrases/english.json" with { type: "json" };
import french from "./phrases/french.json" with { type: "json" };
import german from "./phrases/german.json" with { type: "json" };
import hindi from "./phrases/hindi.json" with { type: "json" };
import portuguese from "./phrases/portuguese.json" with { type: "json" };
import russian from "./phrases/russian.json" with { type: "json" };
import spanish from "./phrases/spanish.json" with { type: "json" };
import turkish from "./phrases/turkish.json" with { type: "json" };
import skeletonData from "./skeletons.json" with { type: "json" };
import { TONE_GUIDES } from "../tones.ts";

/**
 * The free "Template draft" (decision 066): when no AI writer is ready, a scaffold to fill
 * in. The request is quoted once, in brackets, at the top; the rest is the content type's
 * skeleton (skeletons.json) in the language's words (phrases/<language>.json). The request
 * never becomes body text: a template does not pretend to have written anything.
 */

export type Register = "formal" | "friendly" | "warm";

export interface Phrases {
  /** The request quoted at the top, with `{brief}` for it. */
  brief: string;
  /** Fixed words: headings, "Subject". */
  labels: Record<string, string>;
  /** The greeting when the request names no recipient ("Dear Sir or Madam,"). */
  greeting: string;
  closing: Record<Register, string>;
  /** Who the request may be written to: words that name them, in any language, and the greeting. */
  recipients: Record<string, { words: string[]; greeting: string }>;
  /** Guidance the writer replaces, written without brackets. */
  slots: Record<string, string>;
}

/** A paragraph; with `repeat`, one per section (`first` for the first, `line` for list items). */
export type Block =
  string | { when?: Flag; text?: string; first?: string; line?: string; repeat?: "sections" };

type Flag = "formal" | "informal" | "warm" | "plain" | "long" | "persuasive";

export interface Skeletons {
  /** Each recipient's register: which closing, and whether the letter is formal. */
  recipients: Record<string, Register>;
  types: Record<ContentType, Block[]>;
}

export const PHRASES: Record<Language, Phrases> = {
  english,
  turkish,
  german,
  spanish,
  french,
  chinese,
  hindi,
  arabic,
  portuguese,
  russian,
};
export const SKELETONS = skeletonData as Skeletons;

const LETTER = "[\\p{L}\\p{M}]";

/**
 * One recipient's words as one pattern: whole words, `*` for any letters ("komşu*",
 * "*邻居*"). The words are grouped by where their stars stand, so that each group has one
 * pair of word edges: V8 compiles every `[\p{L}\p{M}]` anew, and a pair per word held the
 * event loop for a long while on the first drafts after each start.
 */
function recipientPattern(words: string[]): RegExp {
  const groups = new Map<string, { openBefore: boolean; openAfter: boolean; bodies: string[] }>();
  for (const word of words) {
    const openBefore = word.startsWith("*");
    const openAfter = word.endsWith("*");
    const body = word
      .normalize("NFC")
      .replace(/^\*|\*$/gu, "")
      .split("*")
      .map((part) => part.replace(/[.?+^$()|[\]{}\\]/gu, "\\$&"))
      .join(`${LETTER}*`);
    const key = `${openBefore} ${openAfter}`;
    const group = groups.get(key) ?? { openBefore, openAfter, bodies: [] };
    group.bodies.push(body);
    groups.set(key, group);
  }
  const alternatives = [...groups.values()].map(
    ({ openBefore, openAfter, bodies }) =>
      `${openBefore ? `${LETTER}*` : `(?<!${LETTER})`}(?:${bodies.join("|")})${openAfter ? `${LETTER}*` : `(?!${LETTER})`}`,
  );
  return new RegExp(alternatives.join("|"), "iu");
}

/** Every recipient's words in every language: the request may be written in any of them. */
const RECIPIENT_WORDS = Object.keys(SKELETONS.recipients).map((id) => ({
  id,
  pattern: recipientPattern(
    Object.values(PHRASES).flatMap((phrases) => phrases.recipients[id]?.words ?? []),
  ),
}));

/** The recipient the request names first ("to my neighbour"), or null. */
export function findRecipient(content: string): string | null {
  const text = content.normalize("NFC");
  let best: { id: string; index: number; length: number } | null = null;
  for (const { id, pattern } of RECIPIENT_WORDS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const better =
      !best ||
      match.index < best.index ||
      (match.index === best.index && match[0].length > best.length);
    if (better) best = { id, index: match.index, length: match[0].length };
  }
  return best?.id ?? null;
}

/** Upper-cases the first letter as the language does (Turkish i → İ); no-op without case. */
export function capitalise(text: string, language: Language): string {
  const tag = LANGUAGES.find((l) => l.id === language)!.tag;
  return text.replace(/\p{L}/u, (letter) => letter.toLocaleUpperCase(tag));
}

/** Text as compared with the request: lower case, one space between words. */
function loose(text: string): string {
  return text.toLocaleLowerCase().replace(/\s+/gu, " ").trim();
}

/**
 * The subject the user typed as a title, or null when it is (a cut of) the request: its
 * description, or a use case's fields, which the subject is derived from when none is typed.
 */
function ownTitle(request: GenerationRequest, asked: string): string | null {
  const subject = request.subject.trim();
  const cut = loose(subject.replace(/\.\.\.$/u, ""));
  return cut === "" || loose(asked).includes(cut) ? null : subject;
}

/** What a template draft needs of a use case: its name and its fields' labels. */
export type DraftUseCase = Pick<UseCase, "name" | "fields">;

/** One line of the quoted request, as the language quotes its brief: `[Label: “value”]`. */
function quotedLine(phrases: Phrases, label: string, value: string): string {
  const parts = /^\[(.+?)(\s?[:：]\s*)(.*)\]$/u.exec(phrases.brief);
  const [, , separator, quoted] = parts ?? ["", "", ": ", "“{brief}”"];
  const line = quoted!.replace("{brief}", () => value.replace(/\s+/gu, " ").trim());
  return `[${label}${separator}${line}]`;
}

/**
 * The request quoted at the top: the description, or for a use case its name (and the
 * description when given), then one line for each field filled in, under its label (in
 * Turkish for a Turkish draft, English otherwise), a choice as its option's label.
 */
function quotedRequest(request: GenerationRequest, phrases: Phrases, useCase?: DraftUseCase) {
  const brief = (text: string) =>
    phrases.brief.replace("{brief}", () => text.replace(/\s+/gu, " "));
  if (!useCase) return brief(request.content);
  const words = request.language === "turkish" ? "tr" : "en";
  const description = request.content.trim();
  const lines = [
    brief(description ? `${useCase.name[words]}: ${description}` : useCase.name[words]),
  ];
  for (const field of useCase.fields) {
    const value = request.fields?.[field.id]?.trim();
    if (!value) continue;
    const option = field.options?.find((o) => o.value === value);
    lines.push(quotedLine(phrases, field.label[words], option ? option.label[words] : value));
  }
  return lines.join("\n");
}

/**
 * A template draft in the requested language: the brief, then the content type's skeleton
 * with its labels, greeting, closing and bracketed guidance. The same request always gives
 * the same text; Regenerate's variants 2, 3, … each add a section, so none repeats another.
 * A use case's draft quotes its fields, and finds whom it is written to in them.
 */
export function composeOfflineDraft(request: GenerationRequest, useCase?: DraftUseCase): string {
  const { language } = request;
  const phrases = PHRASES[language];
  const asked = [request.content, ...Object.values(useCase ? (request.fields ?? {}) : {})].join(
    "\n",
  );
  const recipient = findRecipient(asked);
  const register = recipient ? SKELETONS.recipients[recipient]! : "formal";
  // Each tone's draft shape is data beside its instructions (tones.json).
  const { draft: toneShape } = TONE_GUIDES[request.tone];
  const concise = toneShape === "concise";
  const flags: Record<Flag, boolean> = {
    formal: register === "formal",
    informal: register !== "formal",
    warm: register === "warm",
    plain: register !== "warm",
    long: request.length === "long" && !concise,
    persuasive: toneShape === "persuasive",
  };
  const more = Math.min(request.variant - 1, 5);
  const sections = (concise ? 1 : { short: 2, medium: 3, long: 4 }[request.length]) + more;
  const title = ownTitle(request, asked);
  const slot = (key: string) => `[${phrases.slots[key]}]`;

  const fill = (template: string, n: number): string =>
    // Chinese runs its sentences together: "[…][…]", not "[…] […]".
    (language === "chinese" ? template.replaceAll("] [", "][") : template)
      .replace(/\[(\w+)\]/gu, (_, key: string) => slot(key))
      .replace(/<(\w+)>/gu, (_, key: string) =>
        title ? capitalise(title, language) : capitalise(slot(key), language),
      )
      .replace(/\{(\w+)\}/gu, (_, key: string) => {
        if (key === "n") return String(n);
        if (key === "greeting")
          return recipient ? phrases.recipients[recipient]!.greeting : phrases.greeting;
        if (key === "closing") return phrases.closing[register];
        return phrases.labels[key]!;
      });

  const paragraphs = [quotedRequest(request, phrases, useCase)];
  for (const block of SKELETONS.types[request.contentType]) {
    if (typeof block === "string") {
      paragraphs.push(fill(block, 1));
      continue;
    }
    if (block.when && !flags[block.when]) continue;
    if (!block.repeat) {
      paragraphs.push(fill(block.text!, 1));
      continue;
    }
    const each = Array.from({ length: sections }, (_, i) =>
      fill(
        i === 0 ? (block.first ?? block.line ?? block.text!) : (block.line ?? block.text!),
        i + 1,
      ),
    );
    if (block.line) paragraphs.push(each.join("\n"));
    else paragraphs.push(...each);
  }
  return paragraphs.join("\n\n");
}
