import {
  CONTENT_TYPES,
  LANGUAGES,
  LENGTH_WORDS,
  MAX_VARIANT,
  REFINE_ACTIONS,
  TONES,
  languageLabel,
  type RefineAction,
} from "#shared/generation.ts";
import { countCharacters, passageAnswerCharacters } from "#shared/credits.ts";
import type { GenerationRequest } from "#shared/schemas/generation.ts";
import { MAX_USE_CASE_INSTRUCTIONS, textFieldOf } from "#shared/use-cases.ts";
import type { WriterVoice } from "#server/voices/voices.ts";
import { passageContext, type Splice } from "./passages.ts";
import {
  PASSAGE_GOALS,
  REFINEMENT_GOALS,
  followUpMessage,
  continuesConversation,
  type PassageAction,
  type WholeAction,
} from "./refinement-goals.ts";
import { TONE_GUIDES } from "./tones.ts";
import {
  CONTENT_BRIEFS,
  INSTRUCTION_GUIDE,
  SHARED_INSTRUCTIONS,
  TEMPLATE_GUIDE,
  TOKEN_BUDGET,
  USE_CASE_GUIDE,
  VOICE_GUIDE,
  briefOf,
  fieldValues,
  sampling,
  useCaseInstructions,
  variantLine,
  type Prompt,
  type PromptUseCase,
} from "./prompt-parts.ts";
import { toolPrompt } from "./tool-prompts.ts";

export {
  SHARED_INSTRUCTIONS,
  TOKEN_BUDGET,
  useCaseInstructions,
  type Prompt,
  type PromptUseCase,
} from "./prompt-parts.ts";

/** The finished text a refinement rewrites, read from the caller's own history. */
export interface RefinementSource {
  parentId: string;
  action: RefineAction;
  text: string;
  /** An `instruction` refinement: the person's words, data like the text. */
  instruction?: string;
  /** A passage change: the range of `text` the answer replaces (passages.ts). */
  splice?: Pick<Splice, "start" | "end" | "passage" | "continues">;
  /**
   * The request a writer wrote `text` for, when it did: the change then continues that
   * conversation (`followUpPrompt`).
   */
  origin?: { request: GenerationRequest; useCase?: PromptUseCase };
}

/** The messages of a prompt, in order, as every chat API takes them. */
export function promptMessages(
  prompt: Pick<Prompt, "system" | "earlier" | "user">,
): { role: "system" | "user" | "assistant"; content: string }[] {
  const { system, earlier, user } = prompt;
  return [
    { role: "system", content: system },
    ...(earlier
      ? [
          { role: "user" as const, content: earlier.user },
          { role: "assistant" as const, content: earlier.answer },
        ]
      : []),
    { role: "user", content: user },
  ];
}

/**
 * The instructions are ours; the visitor's words travel as data in the user message,
 * never spliced into the instructions (DESIGN §5). A refinement's source text is data too,
 * and so is a saved voice, and so are a use case's fields (its instructions point at them).
 */
export function buildPrompt(
  input: GenerationRequest,
  source?: RefinementSource,
  voice?: WriterVoice,
  useCase?: PromptUseCase,
): Prompt {
  const language = languageLabel(input.language);
  const words = LENGTH_WORDS[input.length];
  const voiced = voice ? { voice } : {};
  if (source?.origin && continuesConversation(source)) {
    return followUpPrompt(input, source, source.origin, voice);
  }
  if (source?.splice ?? source?.action === "continue") {
    const splice = source!.splice ?? {
      start: source!.text.length,
      end: source!.text.length,
      passage: "",
      continues: true,
    };
    return passagePrompt(input, { ...source!, splice }, voice);
  }
  if (source?.action === "instruction") {
    const system = [
      SHARED_INSTRUCTIONS,
      `Its "text" is ${briefOf(input)}: rewrite it as its "instruction" asks.`,
      INSTRUCTION_GUIDE,
      ...(voice ? [VOICE_GUIDE] : []),
      `Write entirely in ${language}, in that language's own script.`,
    ].join("\n");
    return {
      system,
      user: JSON.stringify({ text: source.text, instruction: source.instruction ?? "", ...voiced }),
      maxTokens: TOKEN_BUDGET[input.length],
      ...sampling(input.variant),
    };
  }
  if (source) {
    const system = [
      SHARED_INSTRUCTIONS,
      `Its "text" is ${briefOf(input)}: rewrite it.`,
      REFINEMENT_GOALS[source.action as WholeAction](language),
      ...(voice ? [VOICE_GUIDE] : []),
      `Write entirely in ${language}, in that language's own script.`,
    ].join("\n");
    return {
      system,
      user: JSON.stringify({ text: source.text, ...voiced }),
      maxTokens: TOKEN_BUDGET[input.length],
      ...sampling(input.variant),
    };
  }
  if (useCase && textFieldOf(useCase)) return toolPrompt(input, useCase, voice);
  const system = [
    SHARED_INSTRUCTIONS,
    ...(useCase
      ? [
          // The use case's instructions say what to write, in place of the content type's
          // brief: an X post is no blog post with headings, though it is filed as one.
          "It holds the subject of the text the user wants and, when they gave one, its description.",
          USE_CASE_GUIDE,
          `Write the text these instructions describe: ${useCaseInstructions(useCase)}`,
        ]
      : [
          `It holds the subject and the description of the text the user wants. Write ${CONTENT_BRIEFS[input.contentType]}.`,
          ...(input.fields ? [TEMPLATE_GUIDE] : []),
        ]),
    ...(voice ? [VOICE_GUIDE] : []),
    `Write entirely in ${language}, in that language's own script.`,
    `Tone: ${TONE_GUIDES[input.tone].instructions}. Length: about ${words} words.`,
    ...variantLine(input),
  ].join("\n");
  const user = JSON.stringify(
    useCase
      ? {
          subject: input.subject,
          fields: fieldValues(useCase, input.fields),
          ...(input.content ? { description: input.content } : {}),
          ...voiced,
        }
      : {
          subject: input.subject,
          description: input.content,
          ...(input.fields ? { fields: input.fields } : {}),
          ...voiced,
        },
  );
  return { system, user, maxTokens: TOKEN_BUDGET[input.length], ...sampling(input.variant) };
}

/**
 * A passage change (issue 43): the text around the passage as context ("before",
 * "passage", "after": the whole text, or of a long one the paragraphs around the passage,
 * passages.ts), the passage and any instruction as data; the answer is the new passage
 * alone, which the server splices into place. `continue` writes what follows the passage
 * (or the text's end).
 */
function passagePrompt(
  input: GenerationRequest,
  source: RefinementSource & { splice: NonNullable<RefinementSource["splice"]> },
  voice?: WriterVoice,
): Prompt {
  const language = languageLabel(input.language);
  const { splice, text } = source;
  const continues = splice.continues;
  // A continuation's passage ends where it continues; a rewrite's is the range replaced.
  const passageStart = continues ? splice.end - splice.passage.length : splice.start;
  const { before, after } = passageContext(text, passageStart, splice.end);
  const parts = {
    before,
    ...(splice.passage || !continues ? { passage: splice.passage } : {}),
    after,
  };
  // The same words whether the text was cut or not: a sequence of the local writer keeps
  // the last prompt, and the next change reads only where they differ (decision 069).
  const whole = `Its ${continues && !splice.passage ? '"before" and "after" are' : '"before", "passage" and "after" are'}, in this order, ${briefOf(input)} (all of it, or of a long text only the part around ${continues && !splice.passage ? "its end" : "the passage"}).`;
  const task = continues
    ? [
        `Continue the text from the end of ${splice.passage ? "the passage" : '"before"'}: write what comes next there, at most a paragraph, so that it follows on from it and leads into "after".`,
        "Answer with the new text only, to be inserted at that point: do not repeat any of the text, and match its formatting.",
      ]
    : [
        source.action === "instruction"
          ? 'Rewrite only the passage, as its "instruction" asks.'
          : `Rewrite only the passage: ${PASSAGE_GOALS[source.action as PassageAction]}`,
        'Answer with the new passage only, to stand between "before" and "after" in place of the old one: do not repeat the text around it, and keep its formatting as the text uses it.',
      ];
  const system = [
    SHARED_INSTRUCTIONS,
    whole,
    ...task,
    ...(source.action === "instruction" ? [INSTRUCTION_GUIDE] : []),
    ...(voice ? [VOICE_GUIDE] : []),
    `Write entirely in ${language}, in that language's own script.`,
  ].join("\n");
  const instruction =
    source.action === "instruction" ? { instruction: source.instruction ?? "" } : {};
  return {
    system,
    user: JSON.stringify({ ...parts, ...instruction, ...(voice ? { voice } : {}) }),
    maxTokens: passageTokens(input, source),
    ...sampling(input.variant),
  };
}

/** The least a passage's answer may take: a few words, however short the passage. */
const PASSAGE_MIN_TOKENS = 64;

/**
 * The writer's budget for a passage change's answer (decision 089): it follows the passage,
 * not the text's length, so that a writer that rambles stops near the price said before.
 * A token for each character the answer is expected to hold at most
 * (`passageAnswerCharacters`): room for any script (English takes about one for four), at
 * least PASSAGE_MIN_TOKENS, at most the text's length's budget.
 */
function passageTokens(input: GenerationRequest, source: RefinementSource): number {
  const splice = source.splice!;
  const replaced = splice.continues ? 0 : countCharacters(splice.passage);
  const action = source.action as Exclude<RefineAction, "translate">;
  const [, most] = passageAnswerCharacters(replaced, action);
  return Math.min(TOKEN_BUDGET[input.length], Math.max(PASSAGE_MIN_TOKENS, most));
}

/**
 * A change of a text a writer wrote, as the next turn of the conversation that wrote it
 * (decision 069): that request's prompt, rebuilt from what is kept of it, the text as the
 * writer's answer, then a user message with the change (`followUpMessage`). The local
 * writer's sequence that wrote the text holds all but that last message, and reads only it.
 * A passage change answers with the new passage alone, which the server splices into place.
 */
function followUpPrompt(
  input: GenerationRequest,
  source: RefinementSource,
  { request, useCase }: NonNullable<RefinementSource["origin"]>,
  voice?: WriterVoice,
): Prompt {
  const earlier = buildPrompt(request, undefined, voice, useCase);
  return {
    system: earlier.system,
    earlier: { user: earlier.user, answer: source.text },
    user: followUpMessage(source),
    maxTokens: passageTokens(input, source),
    ...sampling(input.variant),
  };
}

/**
 * A use case's instructions at their longest (the schema's 1200 characters), for the bound
 * below: English prose with a slot in each sentence, as the use cases' files write them.
 */
export const LONGEST_USE_CASE: PromptUseCase = (() => {
  const sentence =
    "Write to {recipient} about {offer}: open with why, give the benefit for them, then ask for {ask}. ";
  const instructions = sentence.repeat(Math.ceil(MAX_USE_CASE_INSTRUCTIONS / sentence.length));
  return { instructions: instructions.slice(0, MAX_USE_CASE_INSTRUCTIONS), fields: [] };
})();

const NO_WORDS = { en: "", tr: "" };
/** A text tool (issue 26) whose instructions are at their longest, for the same bound. */
export const LONGEST_TOOL: PromptUseCase = {
  ...LONGEST_USE_CASE,
  fields: [{ id: "text", label: NO_WORDS, hint: NO_WORDS, kind: "text", required: true }],
};

/**
 * The longest instructions of each language, for a new text (with and without a use case
 * or a text tool at its longest) and for a refinement: what a model's context must hold
 * beside the longest text (checked when the model loads).
 */
export function longestInstructions(): string[] {
  const longest: string[] = [];
  const base = { subject: "", content: "", tone: "standard", length: "long" } as const;
  for (const { id: language } of LANGUAGES) {
    const candidates: string[] = [];
    for (const { id: contentType } of CONTENT_TYPES) {
      for (const tone of TONES) {
        const request = { ...base, language, contentType, tone, variant: MAX_VARIANT };
        candidates.push(buildPrompt(request, undefined, {}).system);
        candidates.push(buildPrompt(request, undefined, {}, LONGEST_USE_CASE).system);
        candidates.push(buildPrompt(request, undefined, {}, LONGEST_TOOL).system);
      }
      for (const action of REFINE_ACTIONS) {
        const request = { ...base, language, contentType, variant: 1 };
        const source = { parentId: "", action, text: "" };
        candidates.push(buildPrompt(request, source, {}).system);
        if (action === "translate") continue;
        // A passage change's instructions, with a passage (one to continue from, too).
        const splice = { start: 0, end: 1, passage: "x", continues: action === "continue" };
        candidates.push(buildPrompt(request, { ...source, text: "x", splice }, {}).system);
      }
    }
    longest.push(candidates.reduce((a, b) => (b.length > a.length ? b : a)));
  }
  return longest;
}
