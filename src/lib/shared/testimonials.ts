import { REASON, type FailureReason } from "#shared/failures.ts";

/** Feedback rules both sides know (spec §5, issue 5/6); the zod schema builds on these. */
export const TESTIMONIAL_LIMITS = { name: [2, 80], profession: 80, content: [10, 1000] } as const;
/** The answer to a submission the server took. */
export const TESTIMONIAL_THANKS =
  "Thank you for your feedback! It will appear here once it has been reviewed.";

/** The first problem with a submission, as its failure reason, or null. Cheap enough to ship to the browser. */
export function testimonialProblem(input: {
  name: string;
  profession: string;
  content: string;
  rating: number;
}): FailureReason | null {
  const name = input.name.trim();
  const content = input.content.trim();
  if (!name || !content || !(input.rating >= 1)) return REASON.feedbackIncomplete;
  if (name.length < TESTIMONIAL_LIMITS.name[0]) return REASON.nameTooShort;
  if (name.length > TESTIMONIAL_LIMITS.name[1]) return REASON.nameTooLong;
  if (input.profession.trim().length > TESTIMONIAL_LIMITS.profession)
    return REASON.professionTooLong;
  if (content.length < TESTIMONIAL_LIMITS.content[0]) return REASON.feedbackTooShort;
  if (content.length > TESTIMONIAL_LIMITS.content[1]) return REASON.feedbackTooLong;
  return null;
}
