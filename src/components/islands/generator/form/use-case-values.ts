import { wordReason } from "#i18n/wording.ts";
import type { ReusablePrompt } from "#generator/lib/reuse-prompt.ts";
import type { FailureReason } from "#shared/failures.ts";
import type { GenerationRequestBody } from "#shared/schemas/generation.ts";
import { fieldMaxLength } from "#shared/use-case-limits.ts";
import type { UseCaseForForm } from "#shared/use-cases.ts";
import { isTemplateUseCase } from "./template-use-case.ts";
import { listedUseCase } from "#generator/state/use-case-list.ts";
import { $knownUseCases } from "#generator/state/use-cases.ts";

/**
 * The browser's check of a use case's fields before sending, by the server's reasons (so
 * with its words): field id → why it would be refused.
 */
export function fieldProblemsOf(
  useCase: Pick<UseCaseForForm, "fields">,
  values: Record<string, string>,
): Record<string, FailureReason> {
  const problems: Record<string, FailureReason> = {};
  for (const field of useCase.fields) {
    const value = values[field.id]?.trim() ?? "";
    if (!value) {
      if (field.required) problems[field.id] = "useCaseFieldMissing";
    } else if (value.length > fieldMaxLength(field)) {
      problems[field.id] = field.kind === "text" ? "ownTextTooLong" : "useCaseFieldTooLong";
    } else if (field.options && !field.options.some((option) => option.value === value)) {
      problems[field.id] = "useCaseOptionUnknown";
    }
  }
  return problems;
}

/** What the request carries: the use case's filled-in fields, trimmed; empty ones left out. */
export function filledFieldValues(
  useCase: Pick<UseCaseForForm, "fields">,
  values: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    useCase.fields
      .map((field) => [field.id, values[field.id]?.trim() ?? ""] as const)
      .filter(([, value]) => value),
  );
}

/**
 * Before sending: the request's use case and fields, or why some fields would be refused
 * (field id → the server's reason, worded in the interface's language).
 */
export function checkUseCaseFields(
  useCase: UseCaseForForm,
  values: Record<string, string>,
  language: string,
):
  | { refused: Record<string, string> }
  | { request: Pick<GenerationRequestBody, "useCase" | "templateId" | "fields"> } {
  const problems = Object.entries(fieldProblemsOf(useCase, values));
  if (problems.length > 0) {
    return {
      refused: Object.fromEntries(
        problems.map(([id, reason]) => [id, wordReason(language, reason)]),
      ),
    };
  }
  const fields = filledFieldValues(useCase, values);
  // A template's placeholders (issue 28): the server reads its description by its id.
  const about = isTemplateUseCase(useCase)
    ? { templateId: useCase.templateId }
    : { useCase: useCase.slug };
  return { request: { ...about, fields } };
}

/**
 * "Use this prompt again" for a text written for a use case (or the form as it was left on
 * this page): that use case, if known here or still listed, with the description as it
 * was; otherwise what was asked for, as the description.
 */
export async function reusedUseCase(
  reused: ReusablePrompt,
): Promise<{ useCase: UseCaseForForm | null; description: string }> {
  const slug = reused.useCase ?? "";
  const useCase = $knownUseCases.get()[slug] ?? (await listedUseCase(slug));
  const description = useCase
    ? (reused.content ?? "")
    : [reused.content, ...Object.values(reused.fields ?? {})].filter(Boolean).join("\n");
  return { useCase, description };
}
