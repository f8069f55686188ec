import {
  LENGTH_WORDS,
  type ContentType,
  type Language,
  type Length,
  type Tone,
} from "../../../shared/generation.ts";
import { PHRASEBOOKS, type Phrasebook } from "./phrasebook.ts";

export interface DraftRequest {
  subject: string;
  content: string;
  tone: Tone;
  language: Language;
  contentType: ContentType;
  length: Length;
}

const SENTENCE_END: Partial<Record<Language, string>> = { chinese: "。", hindi: "।" };

function fill(template: string, values: { s?: string; r?: string; p?: string }): string {
  return template
    .replace(/\{s\}/g, values.s ?? "")
    .replace(/\{r\}/g, values.r ?? "")
    .replace(/\{p\}/g, values.p ?? "");
}

function asSentence(text: string, language: Language): string {
  const trimmed = text.trim();
  if (/[.!?。！？।؟…:;]$/.test(trimmed)) return trimmed;
  return `${trimmed}${SENTENCE_END[language] ?? "."}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

const INSTRUCTION =
  /^(?:please\s+|can you\s+|could you\s+)?(?:write|draft|compose|create|generate|prepare)\s+(?:me\s+)?(?:an?\s+|the\s+|some\s+)?(?:(?:short|long|formal|friendly|polite|brief|detailed|persuasive)\s+)*(?:e-?mail|letter|article|essay|story|blog\s+post|blog|report|review|proposal|poem|text|message|note)s?\b\s*/i;
// No `i` flag: it would let \p{Lu} match lower case and take "manager about" for a name.
const RECIPIENT =
  /^(?:[Tt]o|[Ff]or)\s+((?:[Mm]y|[Oo]ur|[Tt]he)\s+)?([\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)\s*/u;

/** The person written to, from an English or German prompt ("to my manager", "an Frau Weber"). */
export function findRecipient(content: string): string | null {
  const afterInstruction = content.trim().replace(INSTRUCTION, "");
  const english = RECIPIENT.exec(afterInstruction);
  if (english && afterInstruction !== content.trim()) return capitalise(english[2]!);
  const german = /\ban\s+((?:Frau|Herrn?|Dr\.)\s+[\p{Lu}][\p{L}-]+)/u.exec(content);
  return german ? german[1]! : null;
}

/**
 * The prompt's points: its sentences and list items, with an English "Write an email to
 * X about" preamble taken off the first. The user's own words are kept as they are.
 */
export function extractPoints(content: string, subject: string): string[] {
  const pieces = content
    .split(/\n+|(?<=[.!?。！？।؟])\s*|;\s*/u)
    .map((piece) => piece.replace(/^\s*(?:[-*•·]|\d+[.)])\s*/u, "").trim())
    .filter(Boolean);
  if (pieces.length > 0) {
    let first = pieces[0]!.replace(INSTRUCTION, "");
    if (first !== pieces[0])
      first = first.replace(RECIPIENT, "").replace(/^(?:about|regarding|on)\s+/i, "");
    pieces[0] = first.trim();
  }
  const points: string[] = [];
  for (const piece of pieces) {
    const point = piece
      .replace(/[.!?。！？।؟]+$/u, "")
      .trim()
      .slice(0, 300);
    if (point.length >= 2 && !points.includes(point)) points.push(point);
    if (points.length === 6) break;
  }
  return points.length > 0 ? points : [subject];
}

/** Elaborating sentences per point: none for short texts, more for long ones. */
function elaborationCount(length: Length, tone: Tone): number {
  if (tone === "concise") return 0;
  return LENGTH_WORDS[length] >= 700 ? 3 : LENGTH_WORDS[length] >= 300 ? 1 : 0;
}

function elaborate(book: Phrasebook, subject: string, index: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    fill(book.elaborations[(index + i) % 3]!, { s: subject }),
  );
}

function paragraphs(
  book: Phrasebook,
  points: string[],
  request: DraftRequest,
  subject: string,
): string[] {
  const count = elaborationCount(request.length, request.tone);
  return points.map((point, index) => {
    const ordinal = points.length > 1 ? book.ordinals[Math.min(index, 3)]! : "";
    const sentence = asSentence(capitalise(point), request.language);
    const lead = ordinal
      ? `${ordinal} ${request.language === "chinese" ? sentence : lowerFirst(sentence, request.language)}`
      : sentence;
    return [lead, ...elaborate(book, subject, index, count)].join(" ");
  });
}

/** "First, the budget…" rather than "First, The budget…", where the script has case. */
function lowerFirst(sentence: string, language: Language): string {
  if (language === "german") return sentence; // German nouns keep their capital.
  const first = sentence.split(/\s/)[0] ?? "";
  // Keep names and acronyms ("I", "NASA", "Monday") as written.
  if (
    first.length <= 1 ||
    first === first.toUpperCase() ||
    /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|I)\b/.test(first)
  ) {
    return sentence;
  }
  return sentence.charAt(0).toLocaleLowerCase() + sentence.slice(1);
}

function greeting(book: Phrasebook, formal: boolean, recipient: string | null): string {
  if (recipient)
    return fill(formal ? book.greetingFormalTo : book.greetingFriendlyTo, { r: recipient });
  return formal ? book.greetingFormal : book.greetingFriendly;
}

function isFormal(request: DraftRequest): boolean {
  if (request.tone === "formal" || request.tone === "persuasive") return true;
  if (request.tone === "friendly") return false;
  return ["email", "letter", "proposal", "report"].includes(request.contentType);
}

/**
 * A structured first draft in the requested language, built from the prompt: greeting,
 * body from its subject, recipient and points, closing, in the shape of the content type.
 */
export function composeOfflineDraft(request: DraftRequest): string {
  const book = PHRASEBOOKS[request.language];
  const subject = request.subject.trim() || request.content.trim().slice(0, 80);
  const points = extractPoints(request.content, subject);
  const recipient = findRecipient(request.content);
  const formal = isFormal(request);
  const body = paragraphs(book, points, request, subject);
  const persuasive = request.tone === "persuasive" ? [book.persuasive] : [];
  const long = LENGTH_WORDS[request.length] >= 700 && request.tone !== "concise";
  const s = { s: subject };

  switch (request.contentType) {
    case "email":
      return [
        `${book.subjectLabel}: ${subject}`,
        greeting(book, formal, recipient),
        fill(book.intro, s),
        ...body,
        ...persuasive,
        book.request,
        `${formal ? book.closingFormal : book.closingFriendly}\n${book.signature}`,
      ].join("\n\n");
    case "letter":
      return [
        greeting(book, formal, recipient),
        fill(book.intro, s),
        ...(points.length > 1 ? [book.pointsLead] : []),
        ...body,
        ...persuasive,
        book.request,
        `${formal ? book.closingFormal : book.closingFriendly}\n${book.signature}`,
      ].join("\n\n");
    case "article":
    case "essay":
      return [
        `# ${subject}`,
        `## ${book.introduction}`,
        fill(request.contentType === "essay" ? book.essayIntro : book.overviewText, s),
        `## ${book.keyPoints}`,
        ...body,
        ...persuasive,
        ...(long ? [`## ${book.background}`, fill(book.backgroundText, s)] : []),
        `## ${book.conclusion}`,
        fill(book.conclusionText, s),
      ].join("\n\n");
    case "blog":
      return [
        `# ${subject}`,
        fill(book.blogIntro, s),
        ...body.map(
          (paragraph, index) => `## ${capitalise(points[index]!.slice(0, 60))}\n\n${paragraph}`,
        ),
        ...persuasive,
        fill(book.blogOutro, s),
      ].join("\n\n");
    case "report":
      return [
        `# ${subject}`,
        `## ${book.summary}`,
        fill(book.summaryText, s),
        `## ${book.background}`,
        fill(book.backgroundText, s),
        `## ${book.findings}`,
        ...points.map((point) => `- ${asSentence(capitalise(point), request.language)}`),
        ...(body.length > 0 && !long ? [] : body),
        `## ${book.recommendations}`,
        book.recommendationText,
        ...persuasive,
      ].join("\n\n");
    case "review":
      return [
        `# ${subject}`,
        fill(book.reviewIntro, s),
        `## ${book.strengths}`,
        ...body,
        ...persuasive,
        `## ${book.verdict}`,
        fill(book.verdictText, s),
      ].join("\n\n");
    case "proposal":
      return [
        `# ${subject}`,
        `## ${book.overview}`,
        fill(book.overviewText, s),
        `## ${book.objectives}`,
        ...points.map((point) => `- ${asSentence(capitalise(point), request.language)}`),
        `## ${book.plan}`,
        book.planText,
        ...(long ? body : []),
        ...persuasive,
        `## ${book.nextSteps}`,
        book.nextStepsText,
      ].join("\n\n");
    case "story":
      return [
        `# ${subject}`,
        fill(book.storyOpening, s),
        ...points.map((point, index) =>
          [
            fill(book.storyMiddle, { p: point }),
            ...elaborate(book, subject, index, elaborationCount(request.length, request.tone)),
          ].join(" "),
        ),
        book.storyEnding,
      ].join("\n\n");
    case "creative":
      return [
        `# ${subject}`,
        ...points.map((point, index) =>
          book.creativeLines
            .map((line) => fill(line, { s: index === 0 ? subject : points[index - 1]!, p: point }))
            .join("\n"),
        ),
      ].join("\n\n");
  }
}
