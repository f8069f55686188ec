import { AUTH_MESSAGES } from "#shared/failures.ts";

/** Feedback rules both sides know (spec §5, issue 5/6); the zod schema builds on these. */
export const TESTIMONIAL_LIMITS = { name: [2, 80], profession: 80, content: [10, 1000] } as const;
/** Worded in the interface's language by the catalog (its `validation.testimonial.*` keys). */
export const TESTIMONIAL_MESSAGES = {
  required: "Please provide your name, feedback content, and rating.",
  nameShort: AUTH_MESSAGES.name,
  nameLong: AUTH_MESSAGES.nameTooLong,
  professionLong: "Profession must be at most 80 characters",
  contentShort: "Feedback must be at least 10 characters",
  contentLong: "Feedback must be at most 1000 characters",
  rating: "Rating must be from 1 to 5",
  ratingWhole: "Rating must be a whole number from 1 to 5",
} as const;
/** The answer to a submission the server took. */
export const TESTIMONIAL_THANKS =
  "Thank you for your feedback! It will appear here once it has been reviewed.";

/** The first problem with a submission, or null. Cheap enough to ship to the browser. */
export function testimonialProblem(input: {
  name: string;
  profession: string;
  content: string;
  rating: number;
}): string | null {
  const name = input.name.trim();
  const content = input.content.trim();
  if (!name || !content || !(input.rating >= 1)) return TESTIMONIAL_MESSAGES.required;
  if (name.length < TESTIMONIAL_LIMITS.name[0]) return TESTIMONIAL_MESSAGES.nameShort;
  if (name.length > TESTIMONIAL_LIMITS.name[1]) return TESTIMONIAL_MESSAGES.nameLong;
  if (input.profession.trim().length > TESTIMONIAL_LIMITS.profession)
    return TESTIMONIAL_MESSAGES.professionLong;
  if (content.length < TESTIMONIAL_LIMITS.content[0]) return TESTIMONIAL_MESSAGES.contentShort;
  if (content.length > TESTIMONIAL_LIMITS.content[1]) return TESTIMONIAL_MESSAGES.contentLong;
  return null;
}
