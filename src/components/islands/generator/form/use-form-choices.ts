import { useEffect, useState } from "react";
import {
  CONTENT_TYPE_IDS,
  LANGUAGE_IDS,
  LENGTHS,
  TONES,
  type ContentType,
  type Length,
  type Tone,
} from "#shared/generation.ts";
import type { UseCaseForForm } from "#shared/use-cases.ts";
import { $prompt, updateDesk } from "#generator/state/desk.ts";
import { setLanguage } from "#stores/preferences.ts";
import { rememberUseCase } from "#generator/state/use-cases.ts";
import { storeContentType, storedContentType } from "#generator/lib/chosen-content-type.ts";
import {
  formMemoryKey,
  savePromptForReuse,
  takePromptForReuse,
  type ReusablePrompt,
} from "#generator/lib/reuse-prompt.ts";

type FieldsCode = typeof import("./UseCaseForm.tsx");
let fieldsCode: FieldsCode | null = null;

/** A use case's fields and their checks load when one is chosen (or brought back). */
export const loadFieldsCode = (): Promise<FieldsCode> =>
  import("./UseCaseForm.tsx").then((code) => (fieldsCode = code));

/** The fields' code if it has loaded: the form then shows them in its first render. */
export const loadedFieldsCode = (): FieldsCode | null => fieldsCode;

/**
 * What the generator form asks for besides the description: the use case and its fields,
 * the content type, tone and length. A use case sets the type, tone and length it writes;
 * "Use this prompt again" from the history brings a whole request back, once, as the form
 * opens, and so does the form as it was when this page was left in this tab (issue 27: the
 * language switch goes to another address). A use case's page starts with what was typed
 * into the form it was built with.
 */
export function useFormChoices(pageUseCase: UseCaseForForm | undefined) {
  const [useCase, setUseCase] = useState<UseCaseForForm | null>(pageUseCase ?? null);
  const [fields, setFields] = useState<Record<string, string>>(
    () => loadedFieldsCode()?.takeServerForm() ?? {},
  );
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [contentType, setContentType] = useState<ContentType>(pageUseCase?.contentType ?? "email");
  const [tone, setTone] = useState<Tone>(pageUseCase?.tone ?? "standard");
  const [length, setLength] = useState<Length | "">(pageUseCase?.length ?? "");
  // The picker lets go of a voice that is no longer there (a deleted one): none, quietly.
  const [voiceId, setVoiceId] = useState("");

  useEffect(() => {
    const left = takePromptForReuse(formMemoryKey());
    const reused = takePromptForReuse() ?? left;
    // Known at once: the form left on this page finds its use case without the list.
    if (pageUseCase) rememberUseCase(pageUseCase);
    if (!reused) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the stored type is read once hydrated: the server-rendered HTML has none
      if (!pageUseCase) setContentType(storedContentType());
      return;
    }
    if (!reused.useCase) return restore(reused, null, reused.content ?? "");
    void loadFieldsCode().then(async ({ reusedUseCase }) => {
      const { useCase: found, description } = await reusedUseCase(reused);
      restore(reused, found, description);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the form opens: the page's use case is fixed for its page
  }, []);

  // Left (the other language's address, a reload, a link): kept for the tab, read back above.
  // Bound again at each render, so that it keeps the values on screen.
  useEffect(() => {
    const keep = () =>
      savePromptForReuse(
        {
          content: $prompt.get(),
          contentType,
          tone,
          length: length || undefined,
          useCase: useCase?.slug,
          fields,
        },
        formMemoryKey(),
      );
    addEventListener("pagehide", keep);
    return () => removeEventListener("pagehide", keep);
  });

  function restore(reused: ReusablePrompt, found: UseCaseForForm | null, description: string) {
    // What was typed into the page's own form before it loaded is newer.
    if (found) chooseUseCase(found, { ...reused.fields, ...fields });
    $prompt.set(description || $prompt.get());
    if ((CONTENT_TYPE_IDS as string[]).includes(reused.contentType))
      setContentType(reused.contentType);
    if (reused.language && (LANGUAGE_IDS as string[]).includes(reused.language))
      setLanguage(reused.language);
    if (reused.tone && (TONES as readonly string[]).includes(reused.tone)) setTone(reused.tone);
    if (reused.length && (LENGTHS as readonly string[]).includes(reused.length))
      setLength(reused.length);
    if (typeof reused.voiceId === "string") setVoiceId(reused.voiceId);
  }

  /** A use case, or `null` for "Describe it yourself". */
  function chooseUseCase(next: UseCaseForForm | null, values: Record<string, string> = {}) {
    setUseCase(next);
    setFields(values);
    setFieldErrors({});
    // A refusal's field failures were for the fields as they were.
    updateDesk({ fieldFailures: null });
    if (!next) {
      setContentType(storedContentType());
      return;
    }
    rememberUseCase(next);
    setContentType(next.contentType);
    setTone(next.tone);
    setLength(next.length);
  }

  function changeField(id: string, value: string) {
    setFields((values) => ({ ...values, [id]: value }));
    if (fieldErrors[id]) {
      setFieldErrors(({ [id]: _dropped, ...others }) => others);
    }
  }

  function chooseContentType(value: string) {
    const next = value as ContentType;
    setContentType(next);
    storeContentType(next);
  }

  return {
    useCase,
    chooseUseCase,
    fields,
    changeField,
    fieldErrors,
    setFieldErrors,
    contentType,
    chooseContentType,
    tone,
    setTone,
    length,
    setLength,
    voiceId,
    setVoiceId,
  };
}
