import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { NetworkError, apiFetch, type ApiResult } from "#client/http.ts";
import type { MessageKey } from "#i18n/messages.ts";
import { describeFailure, describeFieldFailures, wordRules } from "#i18n/wording.ts";
import type { FailedAnswer } from "#shared/api/failures.ts";
import { showToast } from "#stores/toasts.ts";
import { issueErrors, useHydrated } from "./Field.tsx";
import { useMessages } from "./use-messages.ts";

export interface JsonFormOptions<Schema extends z.ZodType, Answer> {
  /** The request's shared schema, checked in the browser before anything is sent. */
  schema: Schema;
  /** The schema's input, read from the submitted form. */
  read(form: FormData): unknown;
  path: string;
  /** What is sent for the checked input; the input itself unless given. */
  body?(input: z.infer<Schema>): unknown;
  /** The error toast's title, and its text when the server gives none (catalog keys). */
  errorTitle: MessageKey;
  fallbackMessage: MessageKey;
  onSuccess(answer: ApiResult<Answer>["body"], input: z.infer<Schema>): void;
  /** Words the failures of a namespace of the form's own (null: worded as usual). */
  describe?(language: string, body: FailedAnswer): string | null;
}

/**
 * One submit path for the auth forms: check with the shared schema, send as JSON, show
 * the server's field messages beside their fields and its message in a toast, and keep
 * the button busy meanwhile. Each form keeps only its fields and its success.
 */
export function useJsonForm<Schema extends z.ZodType, Answer = Record<string, unknown>>(
  options: JsonFormOptions<Schema, Answer>,
) {
  const hydrated = useHydrated();
  const { language, t } = useMessages();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  function fail(message: string) {
    showToast({ title: t(options.errorTitle), description: message, variant: "error" });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = options.schema.safeParse(options.read(new FormData(event.currentTarget)));
    if (!parsed.success) {
      setErrors(wordRules(language, issueErrors(parsed.error.issues)));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { ok, body } = await apiFetch<Answer & FailedAnswer>(options.path, {
        json: options.body ? options.body(parsed.data) : parsed.data,
      });
      if (!ok || !body.success) {
        setErrors(describeFieldFailures(language, body));
        fail(
          options.describe?.(language, body) ??
            describeFailure(language, body, options.fallbackMessage),
        );
        return;
      }
      options.onSuccess(body, parsed.data);
    } catch (error) {
      fail(t(error instanceof NetworkError ? "error.network" : options.fallbackMessage));
    } finally {
      setBusy(false);
    }
  }

  /** Spread on the `<form>`: the browser's own validation gives way to the schema's. */
  const formProps = { method: "post", noValidate: true, onSubmit, className: "grid gap-4" };
  return { hydrated, errors, busy, formProps };
}
