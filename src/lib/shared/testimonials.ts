/** Feedback rules both sides know (spec §5, issue 5/6); the zod schema builds on these. */
export const TESTIMONIAL_REQUIRED = "Please provide your name, feedback content, and rating.";
export const TESTIMONIAL_LIMITS = { name: [2, 80], profession: 80, content: [10, 1000] } as const;

/** The first problem with a submission, or null. Cheap enough to ship to the browser. */
export function testimonialProblem(input: {
  name: string;
  profession: string;
  content: string;
  rating: number;
}): string | null {
  const name = input.name.trim();
  const content = input.content.trim();
  if (!name || !content || !(input.rating >= 1)) return TESTIMONIAL_REQUIRED;
  if (name.length < TESTIMONIAL_LIMITS.name[0]) return "Name must be at least 2 characters";
  if (name.length > TESTIMONIAL_LIMITS.name[1]) return "Name must be at most 80 characters";
  if (input.profession.trim().length > TESTIMONIAL_LIMITS.profession)
    return "Profession must be at most 80 characters";
  if (content.length < TESTIMONIAL_LIMITS.content[0])
    return "Feedback must be at least 10 characters";
  if (content.length > TESTIMONIAL_LIMITS.content[1])
    return "Feedback must be at most 1000 characters";
  return null;
}
