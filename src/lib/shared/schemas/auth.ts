import { REASON } from "#shared/failures.ts";
import { z } from "#shared/zod.ts";

/** Request bodies of the auth calls, shared by the forms and the endpoints (spec §5, §7). */

/** Each rule's message is its failure's reason: the server answers its English, the client words it. */
export const MESSAGES = REASON;

const email = z
  .string({ error: MESSAGES.emailInvalid })
  .trim()
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email({ error: MESSAGES.emailInvalid }))
  .transform((value) => value.toLowerCase());

/** A new password (register, reset); signing in checks only the length. */
const password = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(6, MESSAGES.passwordTooShort)
  .max(128, MESSAGES.passwordTooLong)
  .refine((value) => value.trim() !== "", MESSAGES.passwordBlank);

/** Typed on one keyboard as "é", on another as "e" + accent: the same password. */
const samePassword = (a: string, b: string) => a.normalize("NFC") === b.normalize("NFC");

/**
 * Control characters, line and paragraph separators, and the bidirectional overrides
 * that make text read differently from how it is stored. Zero-width joiners stay: some
 * scripts need them in names.
 */
const SPECIAL_CHARACTERS = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u;
/** A name is shown as a name, never as a link someone could be sent to. */
const WEB_ADDRESS = /:\/\/|www\./i;

/** Optional, but at least 2 characters when given; blank counts as not given. */
const name = z
  .string()
  .trim()
  .max(80, MESSAGES.nameTooLong)
  .refine((value) => !SPECIAL_CHARACTERS.test(value), MESSAGES.nameSpecial)
  .refine((value) => !WEB_ADDRESS.test(value), MESSAGES.nameWebAddress)
  .optional()
  .nullable()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || value.length >= 2, MESSAGES.nameTooShort);

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: MESSAGES.passwordTooShort })
    .min(6, MESSAGES.passwordTooShort)
    .max(128, MESSAGES.passwordTooLong),
});

export const registerSchema = z
  .object({
    email,
    password,
    confirmPassword: z
      .string({ error: MESSAGES.passwordTooShort })
      .min(6, MESSAGES.passwordTooShort),
    name,
    /**
     * The token of an invite link (`/register?invite=`), read when the sign-up rules ask for
     * one; a malformed one is answered as an invalid invite then, not as a form error.
     */
    invite: z
      .string()
      .trim()
      .nullable()
      .transform((value) => value || undefined)
      .optional(),
  })
  .refine((body) => samePassword(body.password, body.confirmPassword), {
    message: MESSAGES.passwordMismatch,
    path: ["confirmPassword"],
  });

export const emailOnlySchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z.string().trim().min(1, MESSAGES.resetTokenMissing).max(200),
  newPassword: password,
});

/** The reset form also asks for the password twice; the API takes it once. */
export const resetPasswordFormSchema = z
  .object({ password, confirmPassword: z.string().min(6, MESSAGES.passwordTooShort) })
  .refine((body) => samePassword(body.password, body.confirmPassword), {
    message: MESSAGES.passwordMismatch,
    path: ["confirmPassword"],
  });

/** Deleting an account asks for its password once more. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: MESSAGES.passwordTooShort })
    .min(1, MESSAGES.passwordTooShort)
    .max(128),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;

/** What GET /api/auth/me returns for a signed-in user. */
export interface PublicUser {
  id: string;
  email: string;
  name: string | null;
  isVerified: boolean;
  createdAt: string;
  /** Present for an operator only (decision 071): the header shows the Console link. */
  isOperator?: true;
}
