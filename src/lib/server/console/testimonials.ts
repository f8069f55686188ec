import type { SessionUser } from "#server/auth/sessions.ts";
import type { Database } from "#server/db/index.ts";
import { AppError } from "#server/errors.ts";
import { moderateTestimonial } from "#server/testimonials/index.ts";
import { recordOperatorAction } from "./audit.ts";

/** Approves or rejects a pending submission from the console, with its audit row. */
export async function moderateByOperator(
  db: Database,
  operator: Pick<SessionUser, "id" | "email">,
  testimonialId: string,
  action: "approve" | "reject",
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await moderateTestimonial(tx, testimonialId, action, now))) {
      throw new AppError("NOT_FOUND", "No pending submission with this id.");
    }
    await recordOperatorAction(tx, {
      operator,
      action: action === "approve" ? "approve_testimonial" : "reject_testimonial",
      detail: { testimonialId },
      now,
    });
  });
}
