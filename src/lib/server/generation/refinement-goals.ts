import type { RefineAction } from "#shared/generation.ts";
import { passageContext } from "./passages.ts";
import type { RefinementSource } from "./prompts.ts";

/**
 * What a refinement asks of the writer (issue 43; issue 26 for a change as the next turn of
 * the conversation that wrote the text, `followUpPrompt` in prompts.ts): the goal of each
 * action, for a whole text and for a passage.
 */

export type WholeAction = Exclude<RefineAction, "continue" | "instruction">;
export type PassageAction = Exclude<WholeAction, "translate">;

export const REFINEMENT_GOALS: Record<WholeAction, (language: string) => string> = {
  shorter: () => "Make it about half as long: keep its key points, its structure and its tone.",
  longer: () =>
    "Make it about twice as long: develop its points with detail and examples, keeping its structure and tone.",
  formal: () => "Make it more formal and professional, keeping its content and structure.",
  friendlier: () => "Make it warmer and friendlier, keeping its content and structure.",
  translate: (language) =>
    `Translate it into ${language}, keeping its meaning, structure and formatting.`,
  rephrase: () => "Say the same in other words, keeping its meaning, structure and tone.",
  simpler: () =>
    "Make it simpler to read: plain words and short sentences, keeping its meaning and structure.",
  grammar: () =>
    "Correct its grammar, spelling and punctuation only, changing nothing else of its wording.",
};

/** What to do with a passage (issue 43): the whole-text goals, said of a passage. */
export const PASSAGE_GOALS: Record<PassageAction, string> = {
  shorter: "make it about half as long, keeping its key points and tone.",
  longer: "make it about twice as long, with more detail, keeping its tone.",
  formal: "make it more formal and professional, keeping its content.",
  friendlier: "make it warmer and friendlier, keeping its content.",
  rephrase: "say the same in other words, keeping its meaning and tone.",
  simpler: "make it simpler to read, in plain words and short sentences, keeping its meaning.",
  grammar: "correct its grammar, spelling and punctuation only, changing nothing else.",
};

/**
 * A change's first line, as the conversation's next user message says it (`followUpMessage`):
 * a few words each, since the local writer reads every word of that message while the person
 * waits for the first (DESIGN §11's editor row). How to do a change, and what to keep, is said
 * once in every system prompt (FOLLOW_UP_GUIDE in prompt-parts.ts), which its sequence holds.
 */
const FOLLOW_UP_TASKS: Record<PassageAction, string> = {
  shorter: "Make this about half as long:",
  longer: "Make this about twice as long:",
  formal: "Make this more formal:",
  friendlier: "Make this warmer and friendlier:",
  rephrase: "Say this in other words:",
  simpler: "Make this simpler to read:",
  grammar: "Correct only the grammar, spelling and punctuation of this:",
};

/**
 * The next user message of the conversation that wrote a text (`followUpPrompt`): the change
 * on its first line, the passage as it stands in the text on the lines after it. Plain lines,
 * not the JSON of a new text's request: its keys and quotes cost more tokens than the task.
 * The person's own words for a change stay on the first line (their line breaks as spaces).
 */
export function followUpMessage({ action, splice, instruction }: RefinementSource): string {
  const passage = splice?.passage ?? "";
  if (action === "continue") {
    return passage
      ? `Write what comes next after this:\n${passage}`
      : "Continue the text from its end.";
  }
  const task =
    action === "instruction"
      ? `Change this as asked: ${(instruction ?? "").replace(/\s+/g, " ").trim()}`
      : FOLLOW_UP_TASKS[action as PassageAction];
  return `${task}\n${passage}`;
}

/**
 * Whether a change continues the conversation that wrote the text: a passage change (or a
 * continuation) of a text short enough that the writer reads all of it (passages.ts). A
 * whole-text refinement keeps a prompt of its own.
 */
export function continuesConversation({ text, splice }: RefinementSource): boolean {
  if (!splice) return false;
  const start = splice.continues ? splice.end - splice.passage.length : splice.start;
  const { before, after } = passageContext(text, start, splice.end);
  return before.length === start && after.length === text.length - splice.end;
}
