import { z } from "#shared/zod.ts";

/** Request bodies and queries of the operator console (DESIGN §7b), shared with its islands. */

/** The most credits one grant or take-back may move. */
export const MAX_OPERATOR_CREDITS = 1_000_000;

const userId = z.uuid({ error: "A valid account id is required." });

export const accountSearchSchema = z.object({
  email: z
    .string({ error: "Type the start of an e-mail address." })
    .trim()
    .toLowerCase()
    .min(1, "Type the start of an e-mail address.")
    .max(254, "An e-mail address has at most 254 characters."),
});

export const accountQuerySchema = z.object({ id: userId });

export const creditAdjustmentSchema = z.object({
  userId,
  /** Positive to grant, negative to take back. */
  delta: z
    .number({ error: "The amount must be a whole number of credits." })
    .int("The amount must be a whole number of credits.")
    .min(-MAX_OPERATOR_CREDITS, `At most ${MAX_OPERATOR_CREDITS} credits at a time.`)
    .max(MAX_OPERATOR_CREDITS, `At most ${MAX_OPERATOR_CREDITS} credits at a time.`)
    .refine((value) => value !== 0, "The amount must not be zero."),
  reason: z
    .string({ error: "Say why, in a few words." })
    .trim()
    .min(3, "Say why, in a few words.")
    .max(200, "The reason must be at most 200 characters."),
  /** Made by the form once per submission: a repeated request is not a second grant. */
  requestId: z.uuid({ error: "A valid request id is required." }),
});
export type CreditAdjustment = z.infer<typeof creditAdjustmentSchema>;

export const accountActionSchema = z.object({ userId });

/** Deleting asks for the account's address again, so that a slip cannot delete another. */
export const operatorDeletionSchema = z.object({
  userId,
  email: z
    .string({ error: "Type the account's e-mail address to confirm." })
    .trim()
    .toLowerCase()
    .min(1, "Type the account's e-mail address to confirm.")
    .max(254, "An e-mail address has at most 254 characters."),
});

export const openTextSchema = z.object({
  generationId: z.uuid({ error: "A valid text id is required." }),
});

export const consoleModerationSchema = z.object({
  id: z.uuid({ error: "A valid submission id is required." }),
  action: z.enum(["approve", "reject"], { error: "The action is approve or reject." }),
});

export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
