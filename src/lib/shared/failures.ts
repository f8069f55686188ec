import { MAX_EDITED_TEXT_CHARS, MAX_PROMPT_CHARS } from "./generation.ts";

/**
 * English messages of failures a user can meet on the site: the request schemas' messages
 * (checked in the browser and on the server), and messages for answers whose `code` alone
 * does not say which one it was (a 401 at login, a 402 for a guest or an unverified account).
 * The server answers with them; the client words each in the chosen language through the
 * catalog (src/i18n: `validation.*` and `failure.*` keys), so both sides read them from here.
 * This module holds no schema, so that the catalog can import it without zod.
 */

/** The auth forms' and calls' rules (spec §5). */
export const AUTH_MESSAGES = {
  email: "Please enter a valid email address",
  password: "Password must be at least 6 characters",
  passwordTooLong: "Password must be at most 128 characters",
  passwordBlank: "Password cannot be only spaces",
  name: "Name must be at least 2 characters",
  nameTooLong: "Name must be at most 80 characters",
  nameSpecial: "Name must be a single line without special characters",
  nameWebAddress: "Name must not contain a web address",
  mismatch: "Passwords do not match",
  missingToken: "Invalid or missing password reset token.",
} as const;

/** The generator's and the editor's rules. */
export const GENERATION_MESSAGES = {
  content: "Please describe the text you want.",
  contentTooLong: `Please keep the description under ${MAX_PROMPT_CHARS} characters.`,
  language: "Please choose a language.",
  contentType: "Please choose a content type.",
  refineParent: "Please choose one of your texts to refine.",
  refineAction: "Please choose how to refine the text.",
  editParent: "Please choose one of your texts to edit.",
  editMissing: "The edited text is missing.",
  editEmpty: "The edited text is empty.",
  editTooLong: `Please keep the text under ${MAX_EDITED_TEXT_CHARS} characters.`,
} as const;

/** Answers whose code alone does not say which failure it was. */
export const FAILURES = {
  invalidCredentials: "Invalid email or password.",
  commonPassword: "This password is too common. Please choose a less predictable one.",
  invalidResetToken: "This password reset link is invalid or has expired.",
  guestExhausted: "Your free trial has ended. Create an account for more usage.",
  userExhausted: "Credits exhausted. Wait for weekly reset.",
  unverifiedExhausted: "Verify your email to unlock 1000 weekly credits.",
  textNotFound: "That text was not found.",
  needsAiWriter: "Refining a text needs an AI writer, and none is ready yet.",
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

/** The stable key of a shared failure: the `reason` of an answer that carries one. */
export type FailureReason = keyof typeof FAILURES;
