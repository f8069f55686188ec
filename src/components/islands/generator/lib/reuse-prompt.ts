import type { GenerationRequestBody } from "#shared/schemas/generation.ts";

/** "Use this prompt again" (history → generator): one request, carried in this tab only. */
const KEY = "atg:reuse-prompt";

export type ReusablePrompt = Pick<
  GenerationRequestBody,
  "content" | "contentType" | "language" | "tone" | "length" | "useCase" | "fields"
>;

export function savePromptForReuse(prompt: ReusablePrompt): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(prompt));
  } catch {
    // Storage refused (private mode): the generator opens empty.
  }
}

/** The prompt saved for the generator, once: reading it removes it. */
export function takePromptForReuse(): ReusablePrompt | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ReusablePrompt>;
    return typeof value.content === "string" ? (value as ReusablePrompt) : null;
  } catch {
    return null;
  }
}
