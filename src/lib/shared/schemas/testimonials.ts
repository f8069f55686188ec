import { z } from "#shared/zod.ts";

import { TESTIMONIAL_LIMITS, TESTIMONIAL_MESSAGES } from "#shared/testimonials.ts";

const requiredText = (min: number, max: number, tooShort: string, tooLong: string) =>
  z
    .string({ error: TESTIMONIAL_MESSAGES.required })
    .trim()
    .min(1, TESTIMONIAL_MESSAGES.required)
    .min(min, tooShort)
    .max(max, tooLong);

export const testimonialSubmissionSchema = z.object({
  name: requiredText(
    ...TESTIMONIAL_LIMITS.name,
    TESTIMONIAL_MESSAGES.nameShort,
    TESTIMONIAL_MESSAGES.nameLong,
  ),
  profession: z
    .string()
    .trim()
    .max(TESTIMONIAL_LIMITS.profession, TESTIMONIAL_MESSAGES.professionLong)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
  content: requiredText(
    ...TESTIMONIAL_LIMITS.content,
    TESTIMONIAL_MESSAGES.contentShort,
    TESTIMONIAL_MESSAGES.contentLong,
  ),
  rating: z
    .number({ error: TESTIMONIAL_MESSAGES.required })
    .int(TESTIMONIAL_MESSAGES.ratingWhole)
    .min(1, TESTIMONIAL_MESSAGES.rating)
    .max(5, TESTIMONIAL_MESSAGES.rating),
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
