import { FAILURES } from "#shared/failures.ts";

/** Feedback rules both sides know (spec §5, issue 5/6); the zod schema builds on these. */
export const TESTIMONIAL_LIMITS = { name: [2, 80], profession: 80, content: [10, 1000] } as const;
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
  if (!name || !content || !(input.rating >= 1)) return FAILURES.feedbackIncomplete;
  if (name.length < TESTIMONIAL_LIMITS.name[0]) return FAILURES.nameTooShort;
  if (name.length > TESTIMONIAL_LIMITS.name[1]) return FAILURES.nameTooLong;
  if (input.profession.trim().length > TESTIMONIAL_LIMITS.profession)
    return FAILURES.professionTooLong;
  if (content.length < TESTIMONIAL_LIMITS.content[0]) return FAILURES.feedbackTooShort;
  if (content.length > TESTIMONIAL_LIMITS.content[1]) return FAILURES.feedbackTooLong;
  return null;
}
