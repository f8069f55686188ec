import { z } from "#shared/zod.ts";

import { REASON } from "#shared/failures.ts";
import { TESTIMONIAL_LIMITS } from "#shared/testimonials.ts";

const requiredText = (min: number, max: number, tooShort: string, tooLong: string) =>
  z
    .string({ error: REASON.feedbackIncomplete })
    .trim()
    .min(1, REASON.feedbackIncomplete)
    .min(min, tooShort)
    .max(max, tooLong);

export const testimonialSubmissionSchema = z.object({
  name: requiredText(...TESTIMONIAL_LIMITS.name, REASON.nameTooShort, REASON.nameTooLong),
  profession: z
    .string()
    .trim()
    .max(TESTIMONIAL_LIMITS.profession, REASON.professionTooLong)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
  content: requiredText(
    ...TESTIMONIAL_LIMITS.content,
    REASON.feedbackTooShort,
    REASON.feedbackTooLong,
  ),
  rating: z
    .number({ error: REASON.feedbackIncomplete })
    .int(REASON.ratingNotWhole)
    .min(1, REASON.ratingOutOfRange)
    .max(5, REASON.ratingOutOfRange),
});

export type TestimonialSubmission = z.infer<typeof testimonialSubmissionSchema>;

export const moderationActionSchema = z.object({ action: z.enum(["approve", "reject"]) });

/** A testimonial as the home page shows it (spec §3). */
export interface PublicTestimonial {
  id: string;
  name: string;
  profession?: string | null;
  content: string;
  rating: number;
  date: string;
  imageUrl?: string | null;
}
