import type { ContentType, Length, Tone } from "#shared/generation.ts";
import { placeholderFields } from "#shared/templates.ts";
import type { UseCaseForForm } from "#shared/use-cases.ts";

/** What the generator form holds, as "Save as template" keeps it (TemplateDialog.tsx). */
export interface FormState {
  useCase: UseCaseForForm | null;
  fields: Record<string, string>;
  prompt: string;
  contentType: ContentType;
  tone: Tone;
  length: Length | "";
  voiceId: string;
}

/**
 * A template whose description holds placeholders (issue 28), shown as a use case of one's
 * own: its placeholders are the fields, and a text from it names the template, whose
 * description the server reads.
 */
export type TemplateUseCase = UseCaseForForm & { templateId: string };

export function isTemplateUseCase(useCase: UseCaseForForm): useCase is TemplateUseCase {
  return "templateId" in useCase;
}

export function templateUseCase(
  template: { id: string; name: string },
  form: Pick<UseCaseForForm, "contentType" | "tone" | "length"> & { content: string },
  names: string[],
): TemplateUseCase {
  const words = (text: string) => ({ en: text, tr: text });
  return {
    templateId: template.id,
    slug: `template-${template.id}`,
    name: words(template.name),
    summary: words(form.content),
    category: "personal",
    contentType: form.contentType,
    tone: form.tone,
    length: form.length,
    fields: placeholderFields(names),
    opensOnChanges: false,
  };
}
