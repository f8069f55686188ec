import type { Template } from "#shared/api/templates.ts";
import { DEFAULT_LENGTH, type Length, type Tone } from "#shared/generation.ts";
import { placeholdersOf } from "#shared/templates.ts";
import type { UseCaseForForm } from "#shared/use-cases.ts";
import { $prompt } from "#generator/state/desk.ts";
import { listedUseCase } from "#generator/state/use-case-list.ts";
import { $knownUseCases } from "#generator/state/use-cases.ts";
import { setLanguage } from "#stores/preferences.ts";
import { templateUseCase } from "./template-use-case.ts";

/** The generator form's choices a template sets (use-form-choices.ts). */
export interface FormChoices {
  chooseUseCase(next: UseCaseForForm | null, values?: Record<string, string>): void;
  chooseContentType(value: string): void;
  setTone(tone: Tone): void;
  setLength(length: Length | ""): void;
  setVoiceId(voiceId: string): void;
}

/**
 * Fills the form from a template (issue 28): a use case with its fields; a description
 * with placeholders as a use case of one's own, its placeholders the fields to fill; or a
 * plain description. Then its tone, length, language and voice (a voice deleted since is
 * dropped by the voice picker).
 */
export async function applyTemplate(template: Template, form: FormChoices): Promise<void> {
  const saved = template.form;
  if (saved.kind === "useCase") {
    const useCase = $knownUseCases.get()[saved.useCase] ?? (await listedUseCase(saved.useCase));
    form.chooseUseCase(useCase, saved.fields);
    // A use case no longer listed: what it held, as the description.
    const gone = useCase ? [] : Object.values(saved.fields);
    $prompt.set([saved.content, ...gone].filter(Boolean).join("\n"));
  } else {
    const found = placeholdersOf(saved.content);
    const names = "names" in found ? found.names : [];
    if (names.length > 0) {
      const length = saved.length ?? DEFAULT_LENGTH[saved.contentType];
      form.chooseUseCase(templateUseCase(template, { ...saved, length }, names));
      $prompt.set("");
    } else {
      form.chooseUseCase(null);
      form.chooseContentType(saved.contentType);
      $prompt.set(saved.content);
    }
  }
  form.setTone(saved.tone);
  form.setLength(saved.length ?? "");
  setLanguage(saved.language);
  form.setVoiceId(saved.voiceId ?? "");
}
