import {
  MAX_EDITED_TEXT_CHARS,
  MAX_EDITS_PER_TEXT,
  MAX_INSTRUCTION_CHARS,
  MAX_PASSAGE_CHARS,
  MAX_PROMPT_CHARS,
} from "./generation.ts";
import { MAX_OWN_TEXT_CHARS } from "./use-case-limits.ts";
import { MAX_VOICES, MAX_VOICE_NAME_CHARS, MAX_VOICE_TEXT_CHARS } from "./voices.ts";

/**
 * Every failure a user can meet on the site, by its stable key (its reason), in English:
 * the rules of the request schemas (checked in the browser and on the server) and answers
 * whose `code` alone does not say which failure it was (a 401 at login, a 402 for a guest).
 * The server answers with the English and the key; the client words the key from its
 * catalog (`failure.<reason>` in src/i18n), so rewording English here changes no other
 * language. This module holds no schema, so that the catalog can import it without zod.
 */

/** The auth forms' and calls' rules (spec §5). */
const AUTH_RULES = {
  emailInvalid: "Please enter a valid email address",
  passwordTooShort: "Password must be at least 6 characters",
  passwordTooLong: "Password must be at most 128 characters",
  passwordBlank: "Password cannot be only spaces",
  nameTooShort: "Name must be at least 2 characters",
  nameTooLong: "Name must be at most 80 characters",
  nameSpecial: "Name must be a single line without special characters",
  nameWebAddress: "Name must not contain a web address",
  passwordMismatch: "Passwords do not match",
  resetTokenMissing: "Invalid or missing password reset token.",
} as const;

/** The generator's and the editor's rules. */
const GENERATION_RULES = {
  contentMissing: "Please describe the text you want.",
  contentTooLong: `Please keep the description under ${MAX_PROMPT_CHARS} characters.`,
  languageMissing: "Please choose a language.",
  contentTypeMissing: "Please choose a content type.",
  refineParentMissing: "Please choose one of your texts to refine.",
  refineActionMissing: "Please choose how to refine the text.",
  refineInstructionMissing: "Please say what to change.",
  refineInstructionTooLong: `Please keep the instruction under ${MAX_INSTRUCTION_CHARS} characters.`,
  refineInstructionUnexpected: "Only “Ask for a change” takes an instruction.",
  refinePassageInvalid: "Please select a passage of the text.",
  refinePassageOutside: "The selected passage is not in this text. Please select it again.",
  refinePassageNotForTranslate:
    "A passage cannot be translated on its own; translate the whole text.",
  refinePassageTooLong: `Please select at most ${MAX_PASSAGE_CHARS} characters, or change the whole text.`,
  editParentMissing: "Please choose one of your texts to edit.",
  editTextMissing: "The edited text is missing.",
  editTextEmpty: "The edited text is empty.",
  editTextTooLong: `Please keep the text under ${MAX_EDITED_TEXT_CHARS} characters.`,
  editsPerTextFull: `This text already keeps ${MAX_EDITS_PER_TEXT} edited versions, the most one text keeps.`,
  editsGuestNetworkFull:
    "Guests on this network have saved as many edits as a day allows. Sign up to keep editing.",
  ownTextEmpty: "Please paste your text, or open a file.",
  ownTextGuestNetworkFull:
    "Guests on this network have kept as much text as a day allows. Sign up to keep going.",
  ownTextTooLong: `Please keep your text to ${MAX_OWN_TEXT_CHARS.toLocaleString("en")} characters (about 1,000 words).`,
} as const;

/** The too-long own text's English with its count (issue 26): never a silent cut. */
export function ownTextTooLongMessage(characters: number): string {
  const count = characters.toLocaleString("en");
  return `Your text has ${count} characters; the most is ${MAX_OWN_TEXT_CHARS.toLocaleString("en")} (about 1,000 words).`;
}

/** Use cases' rules (issue 42): the request's use case and fields against its definition. */
const USE_CASE_RULES = {
  useCaseUnknown: "Please choose one of the listed use cases.",
  useCaseFieldUnknown: "This use case has no such field.",
  useCaseFieldsTooMany: "Please send only this use case's fields.",
  useCaseFieldInvalid: "Please fill in this field with text.",
  useCaseFieldMissing: "Please fill in this field.",
  useCaseFieldTooLong: "Please shorten this field.",
  useCaseOptionUnknown: "Please choose one of the listed options.",
} as const;

/** Saved voices' rules (issue 42). */
const VOICE_RULES = {
  voiceNameMissing: "Please give the voice a name.",
  voiceNameTooLong: `Please keep the voice's name under ${MAX_VOICE_NAME_CHARS} characters.`,
  voiceDescriptionTooLong: `Please keep the description under ${MAX_VOICE_TEXT_CHARS} characters.`,
  voiceSampleTooLong: `Please keep the sample under ${MAX_VOICE_TEXT_CHARS} characters.`,
  voiceEmpty: "Please describe how you write, or give a sample of your writing.",
  voiceInvalid: "Please choose one of your voices.",
} as const;

/**
 * What a text written from a folder or a template meets (issue 28); the library's dialogs'
 * own failures are in library-failures.ts.
 */
const LIBRARY_TEXT_RULES = {
  folderNotFound: "That folder was not found.",
  templateNotFillable: "This template has no description to fill.",
  templateNotFound: "That template was not found.",
} as const;

/** The feedback form's rules (spec §5); its name follows the auth rules. */
const FEEDBACK_RULES = {
  feedbackIncomplete: "Please provide your name, feedback content, and rating.",
  professionTooLong: "Profession must be at most 80 characters",
  feedbackTooShort: "Feedback must be at least 10 characters",
  feedbackTooLong: "Feedback must be at most 1000 characters",
  ratingOutOfRange: "Rating must be from 1 to 5",
  ratingNotWhole: "Rating must be a whole number from 1 to 5",
} as const;

/** Answers whose code alone does not say which failure it was. */
const ANSWERS = {
  invalidCredentials: "Invalid email or password.",
  commonPassword: "This password is too common. Please choose a less predictable one.",
  invalidResetToken: "This password reset link is invalid or has expired.",
  guestExhausted: "Your free trial has ended. Create an account for more usage.",
  userExhausted: "Credits exhausted. Wait for weekly reset.",
  unverifiedExhausted: "Verify your email to unlock 1000 weekly credits.",
  textNotFound: "That text was not found.",
  voiceNotFound: "That voice was not found.",
  voiceLimit: `You can keep up to ${MAX_VOICES} voices. Delete one to add another.`,
  needsAiWriter: "Refining a text needs an AI writer, and none is ready yet.",
  refineTemplateDraft:
    "A template draft cannot be changed by the AI writer. Edit it yourself, or write a new text.",
  cancelled: "The generation was cancelled.",
  writersBusy:
    "The writer is busy with other texts right now. Your credits have been refunded. Please try again in a few seconds.",
  allProvidersFailed:
    "The text could not be generated right now. Your credits have been refunded. Please try again.",
  leaseLost:
    "The text took too long to be kept, so your credits have been refunded. Please try again.",
  ownerTextsInFlight:
    "You already have texts being written. Please wait for one to finish, then try again. Nothing was charged.",
  addressTextsInFlight:
    "Too many texts are being written from your network right now. Please try again in a few seconds. Nothing was charged.",
} as const;

/** Each failure's English, by its reason. */
export const FAILURES = {
  ...AUTH_RULES,
  ...GENERATION_RULES,
  ...VOICE_RULES,
  ...LIBRARY_TEXT_RULES,
  ...USE_CASE_RULES,
  ...FEEDBACK_RULES,
  ...ANSWERS,
};

/** The stable key of a failure: the `reason` of an answer, a shared schema's rule message. */
export type FailureReason = keyof typeof FAILURES;

/** A failures map's reasons by name, for its schemas' messages: `REASON.passwordTooShort`. */
export function reasonsOf<M extends Record<string, string>>(
  failures: M,
): { readonly [R in keyof M]: R } {
  return Object.fromEntries(Object.keys(failures).map((reason) => [reason, reason])) as {
    readonly [R in keyof M]: R;
  };
}

/** Each catalog key `failure.<reason>` of a failures map, with its English. */
export function failureMessages<M extends Record<string, string>>(
  failures: M,
): { readonly [R in keyof M & string as `failure.${R}`]: M[R] } {
  return Object.fromEntries(
    Object.entries(failures).map(([reason, text]) => [`failure.${reason}`, text]),
  ) as { readonly [R in keyof M & string as `failure.${R}`]: M[R] };
}

/** Whether a message (a schema's, a field's, an answer's `reason`) is a key of `failures`. */
export function isReasonOf<M extends Record<string, string>>(
  failures: M,
  message: unknown,
): message is keyof M & string {
  return typeof message === "string" && Object.hasOwn(failures, message);
}

/** Each reason by name, for the shared schemas' messages. */
export const REASON = reasonsOf(FAILURES);

/** Whether a message is a shared failure's key. */
export function isFailureReason(message: unknown): message is FailureReason {
  return isReasonOf(FAILURES, message);
}
