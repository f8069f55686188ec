import { daysUntilReset, usageRights } from "#shared/credits.ts";
import type { FailedAnswer } from "#shared/api/failures.ts";
import { isFailureReason, type FailureReason } from "#shared/failures.ts";
import { LANGUAGES } from "#shared/generation.ts";
import { brandBadge } from "#shared/models.ts";
import type { Localized } from "#shared/use-cases.ts";
import { messages, type MessageKey } from "./messages.ts";

/*
 * Wording: messages of the main catalog (messages.ts) chosen and filled for what the
 * interface shows: a failure, a badge, a toast's title, a version's label.
 */

/** A use case's text (src/content/use-cases/) in the interface's language. */
export function localized(language: string, text: Localized): string {
  return text[messages.locale(language)];
}

/** A wait in the interface's language: "30 seconds", "2 dakika". */
export function waitText(language: string, seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const [value, unit] = seconds < 60 ? [seconds, "second"] : [minutes, "minute"];
  return new Intl.NumberFormat(messages.locale(language), {
    style: "unit",
    unit,
    unitDisplay: "long",
  }).format(value);
}

/** A content type's name in the interface's language ("Blog Post", "Blog Yazısı"). */
export function contentTypeName(language: string, contentType: string | null | undefined) {
  const key = `contentType.${contentType || "email"}` as MessageKey;
  return messages.has(key) ? messages.translate(language, key) : (contentType ?? "");
}

/** A language's name in the interface's language ("French", "Fransızca"). */
export function languageName(uiLanguage: string, language: string | null | undefined): string {
  const key = `languageName.${language}` as MessageKey;
  return messages.has(key) ? messages.translate(uiLanguage, key) : (language ?? "");
}

/**
 * A language as the selects offer it: its own name, and the interface's name for it when
 * that differs ("Deutsch (German)", "Deutsch (Almanca)", "English", "Türkçe").
 */
export function languageOption(uiLanguage: string, language: string): string {
  const own = LANGUAGES.find((entry) => entry.id === language)?.native ?? language;
  const named = languageName(uiLanguage, language);
  return own === named ? own : `${own} (${named})`;
}

const BADGE_KEYS: Record<string, MessageKey> = {
  local: "badge.local",
  own: "badge.own",
  localai: "badge.localai",
  stopped: "badge.stopped",
  interrupted: "badge.interrupted",
  "aitextgenerator-advanced-ai": "badge.aitextgenerator-advanced-ai",
  "aitextgenerator-smart-ai": "badge.aitextgenerator-smart-ai",
};

/**
 * Spec §9: the badge for each `modelUsed`. Template drafts say plainly that they are
 * templates (DESIGN §5); the local writer names its model ("Local AI · Qwen2.5 0.5B");
 * product names stay as they are.
 */
export function modelBadge(
  language: string,
  modelUsed: string | null | undefined,
  modelName?: string | null,
): string {
  if (modelUsed === "llama" && modelName)
    return messages.translate(language, "badge.llama", { model: modelName });
  const key = modelUsed ? BADGE_KEYS[modelUsed] : undefined;
  if (key) return messages.translate(language, key);
  return brandBadge(modelUsed) ?? messages.translate(language, "badge.ai");
}

const TOAST_MODEL_KEYS: Record<string, MessageKey> = {
  local: "toastModel.local",
  llama: "toastModel.llama",
  localai: "toastModel.localai",
  "aitextgenerator-smart-ai": "toastModel.aitextgenerator-smart-ai",
};

/**
 * Spec §4's "Email generated using {model}." for e-mails, "{Type} generated using {model}."
 * for the other types; all Turkish when Turkish is selected, the writer's name too. An
 * OpenAI-compatible server is named by the model it was asked for: it may be anywhere. A
 * use case's text is named by the use case ("Wedding toast generated…", not "Essay…").
 */
export function successToastTitle(
  language: string,
  contentType: string,
  modelUsed: string,
  modelName?: string | null,
  useCaseName?: Localized,
): string {
  const modelKey = TOAST_MODEL_KEYS[modelUsed];
  const model =
    modelUsed === "localai" && modelName
      ? modelName
      : modelKey
        ? messages.translate(language, modelKey)
        : modelBadge(language, modelUsed);
  if (!useCaseName && contentType === "email") {
    return messages.translate(language, "toast.success", { model });
  }
  return messages.translate(language, "toast.successType", {
    type: useCaseName ? localized(language, useCaseName) : typeName(language, contentType),
    model,
  });
}

function typeName(language: string, contentType: string): string {
  const key = `toastType.${contentType}` as MessageKey;
  return messages.translate(language, messages.has(key) ? key : "toastType.email");
}

/** Spec §4's "Email generation failed: {message}" for e-mails, the text's own type otherwise. */
export function failureToastTitle(language: string, contentType: string, message: string): string {
  if (contentType === "email")
    return messages.translate(language, "error.generationFailed", { message });
  const type = typeName(language, contentType);
  return messages.translate(language, "error.generationFailedType", { type, message });
}

/** A failure in the interface's language, by its reason (src/lib/shared/failures.ts). */
export function wordReason(language: string, reason: FailureReason): string {
  return messages.translate(language, `failure.${reason}`);
}

/**
 * The first problem of each field, as a shared schema's check gives it, in the interface's
 * language: a failure's reason is worded by its key; any other message stays as it is.
 */
export function wordRules(
  language: string,
  problems: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(problems).map(([field, message]) => [
      field,
      isFailureReason(message) ? wordReason(language, message) : message,
    ]),
  );
}

/**
 * What a failed answer says, in the interface's language: a shared failure by its `reason`
 * key; otherwise English shows the server's own message, and Turkish words the answer by
 * its `code`, else `fallback`: a key of the main catalog, or a function wording another
 * namespace's message (`() => creditsWords.translate(language, key)`).
 */
export function describeFailure(
  language: string,
  body: FailedAnswer,
  fallback: MessageKey | (() => string) = "error.unknown",
): string {
  if (isFailureReason(body.reason)) return wordReason(language, body.reason);
  const otherwise = () =>
    typeof fallback === "function" ? fallback() : messages.translate(language, fallback);
  const message = body.message?.trim();
  if (messages.locale(language) === "en") return message || otherwise();
  const code = body.code ?? "";
  if (code === "RATE_LIMITED") {
    const seconds = Number(body.retryAfter);
    return seconds > 0
      ? messages.translate(language, "code.RATE_LIMITED", { wait: waitText(language, seconds) })
      : messages.translate(language, "code.RATE_LIMITED.soon");
  }
  const key = `code.${code}` as MessageKey;
  return messages.has(key) ? messages.translate(language, key) : otherwise();
}

/**
 * The first problem of each field of a failed answer, in the interface's language: by its
 * reason when `fieldReasons` gives one; otherwise the server's English as it is.
 */
export function describeFieldFailures(
  language: string,
  body: FailedAnswer,
): Record<string, string> {
  const described: Record<string, string> = {};
  for (const [field, messages] of Object.entries(body.fieldErrors ?? {})) {
    const reason = body.fieldReasons?.[field]?.[0];
    const text = isFailureReason(reason) ? wordReason(language, reason) : messages?.[0];
    if (text) described[field] = text;
  }
  return described;
}

/**
 * `describeFieldFailures`, with the reasons of a map of its own (the library's, sign-up's)
 * worded by `own`, which answers null for a reason not of its map.
 */
export function describeFieldFailuresWith(
  language: string,
  body: FailedAnswer,
  own: (reason: string | undefined) => string | null,
): Record<string, string> {
  const described = describeFieldFailures(language, body);
  for (const [field, reasons] of Object.entries(body.fieldReasons ?? {})) {
    const text = own(reasons[0]);
    if (text) described[field] = text;
  }
  return described;
}

/** Where a version of a text came from: a first answer, Regenerate, a refinement, an edit. */
export interface VersionOrigin {
  /** A refinement's action, or "edited". */
  refinement?: string | null;
  variant?: number | null;
  /** The version's own language (a translation's target). */
  language?: string | null;
  /** An `instruction` refinement's words. */
  instruction?: string | null;
  /** A passage change: the range of its parent it replaced (only whether there is one counts). */
  passage?: object | null;
  /** Who wrote it: "own" is the person's own text (issue 26), "Your text" until changed. */
  modelUsed?: string | null;
}

/** How much of an instruction a version's label quotes. */
const ASKED_CHARS = 40;

const VERSION_KEYS: Record<string, MessageKey> = {
  shorter: "version.shorter",
  longer: "version.longer",
  formal: "version.formal",
  friendlier: "version.friendlier",
  edited: "version.edited",
  rephrase: "version.rephrase",
  simpler: "version.simpler",
  grammar: "version.grammar",
  continue: "version.continue",
};

/**
 * "Original", "Regenerated", "Shorter", …, "Translated into French", "Edited", "Rephrased a
 * passage", "Asked: make it warmer".
 */
export function versionLabel(uiLanguage: string, origin: VersionOrigin): string {
  const { refinement, variant, language, instruction, passage } = origin;
  if (refinement === "instruction") {
    const words = (instruction ?? "").trim();
    const quoted = words.length > ASKED_CHARS ? `${words.slice(0, ASKED_CHARS - 1)}…` : words;
    return messages.translate(uiLanguage, "version.asked", { instruction: quoted });
  }
  if (passage && refinement && refinement !== "continue" && refinement !== "edited") {
    const key = `version.passage.${refinement}`;
    if (messages.has(key)) return messages.translate(uiLanguage, key as MessageKey);
  }
  if (refinement === "translate") {
    return messages.translate(uiLanguage, "version.translate", {
      language: languageName(uiLanguage, language ?? "english"),
    });
  }
  const key = refinement ? VERSION_KEYS[refinement] : undefined;
  if (key) return messages.translate(uiLanguage, key);
  if (origin.modelUsed === "own") return messages.translate(uiLanguage, "version.own");
  return messages.translate(
    uiLanguage,
    (variant ?? 1) > 1 ? "version.regenerated" : "version.original",
  );
}

/** The credit card's reset line: "Resets soon", "Resets in 1 day", "Resets in N days". */
export function resetNotice(language: string, nextResetTime: string | null, now: Date) {
  const days = daysUntilReset(nextResetTime, now);
  if (days === null) return null;
  return days === 0
    ? messages.translate(language, "card.resetsSoon")
    : messages.plural(language, "card.resetsIn", days);
}

/** The credit card's count: "1 text left", otherwise "N texts left" (at the plan's cost). */
export function textsLeft(language: string, credits: number, cost?: number): string {
  return messages.plural(language, "card.textsLeft", usageRights(credits, cost));
}

/** The name of a credit package as the status sends it ("Guest Trial", "Free"). */
export function packageName(language: string, name: string): string {
  if (name === "Guest Trial") return messages.translate(language, "package.guest");
  if (name === "Free") return messages.translate(language, "package.free");
  return name;
}
