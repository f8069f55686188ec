import { z } from "../zod.ts";

/** Request bodies of the auth calls, shared by the forms and the endpoints (spec §5, §7). */

export const MESSAGES = {
  email: "Please enter a valid email address",
  password: "Password must be at least 6 characters",
  passwordTooLong: "Password must be at most 128 characters",
  name: "Name must be at least 2 characters",
  nameTooLong: "Name must be at most 80 characters",
  mismatch: "Passwords do not match",
} as const;

const email = z
  .string({ error: MESSAGES.email })
  .trim()
  .max(254, MESSAGES.email)
  .pipe(z.email({ error: MESSAGES.email }))
  .transform((value) => value.toLowerCase());

const password = z
  .string({ error: MESSAGES.password })
  .min(6, MESSAGES.password)
  .max(128, MESSAGES.passwordTooLong);

/** Optional, but at least 2 characters when given; blank counts as not given. */
const name = z
  .string()
  .trim()
  .max(80, MESSAGES.nameTooLong)
  .optional()
  .nullable()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || value.length >= 2, MESSAGES.name);

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: MESSAGES.password })
    .min(6, MESSAGES.password)
    .max(128, MESSAGES.passwordTooLong),
});

export const registerSchema = z
  .object({
    email,
    password,
    confirmPassword: z.string({ error: MESSAGES.password }).min(6, MESSAGES.password),
    name,
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: MESSAGES.mismatch,
    path: ["confirmPassword"],
  });

export const emailOnlySchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z.string().trim().min(1, "Invalid or missing password reset token.").max(200),
  newPassword: password,
});

/** The reset form also asks for the password twice; the API takes it once. */
export const resetPasswordFormSchema = z
  .object({ password, confirmPassword: z.string().min(6, MESSAGES.password) })
  .refine((body) => body.password === body.confirmPassword, {
    message: MESSAGES.mismatch,
    path: ["confirmPassword"],
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
}
