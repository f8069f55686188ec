import { z } from "#shared/zod.ts";

import { FAILURES } from "#shared/failures.ts";
import { TESTIMONIAL_LIMITS } from "#shared/testimonials.ts";

const requiredText = (min: number, max: number, tooShort: string, tooLong: string) =>
  z
    .string({ error: FAILURES.feedbackIncomplete })
    .trim()
    .min(1, FAILURES.feedbackIncomplete)
    .min(min, tooShort)
    .max(max, tooLong);

export const testimonialSubmissionSchema = z.object({
  name: requiredText(...TESTIMONIAL_LIMITS.name, FAILURES.nameTooShort, FAILURES.nameTooLong),
  profession: z
    .string()
    .trim()
    .max(TESTIMONIAL_LIMITS.profession, FAILURES.professionTooLong)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
  content: requiredText(
    ...TESTIMONIAL_LIMITS.content,
    FAILURES.feedbackTooShort,
    FAILURES.feedbackTooLong,
  ),
  rating: z
    .number({ error: FAILURES.feedbackIncomplete })
    .int(FAILURES.ratingNotWhole)
    .min(1, FAILURES.ratingOutOfRange)
    .max(5, FAILURES.ratingOutOfRange),
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
