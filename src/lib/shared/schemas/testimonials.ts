import { z } from "#shared/zod.ts";

import { TESTIMONIAL_REQUIRED } from "#shared/testimonials.ts";

export { TESTIMONIAL_REQUIRED };

const requiredText = (min: number, max: number, tooShort: string, tooLong: string) =>
  z
    .string({ error: TESTIMONIAL_REQUIRED })
    .trim()
    .min(1, TESTIMONIAL_REQUIRED)
    .min(min, tooShort)
    .max(max, tooLong);

export const testimonialSubmissionSchema = z.object({
  name: requiredText(
    2,
    80,
    "Name must be at least 2 characters",
    "Name must be at most 80 characters",
  ),
  profession: z
    .string()
    .trim()
    .max(80, "Profession must be at most 80 characters")
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
  content: requiredText(
    10,
    1000,
    "Feedback must be at least 10 characters",
    "Feedback must be at most 1000 characters",
  ),
  rating: z
    .number({ error: TESTIMONIAL_REQUIRED })
    .int("Rating must be a whole number from 1 to 5")
    .min(1, "Rating must be from 1 to 5")
    .max(5, "Rating must be from 1 to 5"),
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
