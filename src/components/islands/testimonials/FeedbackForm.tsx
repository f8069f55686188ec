import { useState, type FormEvent } from "react";
import { describeFailure, wordReason } from "#i18n/wording.ts";
import type { FailedAnswer } from "#shared/api/failures.ts";
import { testimonialProblem } from "#shared/testimonials.ts";
import { Field, typedBefore, useHydrated } from "#components/ui/Field.tsx";
import { useMessages } from "#components/ui/use-messages.ts";

type Outcome = { kind: "success" | "failure"; message: string } | null;

const inputClass =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-500 dark:border-slate-600 dark:bg-slate-900 dark:text-white";

/** "Share Your Experience" (spec §2, §4): idle → Submitting... → green or red message. */
export default function FeedbackForm() {
  const hydrated = useHydrated();
  const { language, t, plural, words } = useMessages();
  // Words typed before the script ran stay (the form is server-rendered, then hydrated).
  const [name, setName] = useState(() => typedBefore("#feedback-name"));
  const [profession, setProfession] = useState(() => typedBefore("#feedback-profession"));
  const [content, setContent] = useState(() => typedBefore("#feedback-content"));
  const [rating, setRating] = useState(() =>
    Number(typedBefore('input[name="feedback-rating"]:checked') || 0),
  );
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The browser checks what it can without shipping zod; the server checks everything.
    const problem = testimonialProblem({ name, profession, content, rating });
    if (problem) {
      setOutcome({ kind: "failure", message: wordReason(language, problem) });
      return;
    }
    setSubmitting(true);
    setOutcome(null);
    try {
      const response = await fetch("/api/testimonial/submit", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          name: name.trim(),
          profession: profession.trim() || null,
          content: content.trim(),
          rating,
        }),
      });
      const body = (await response.json().catch(() => ({}))) as FailedAnswer & {
        success?: boolean;
      };
      if (response.ok && body.success) {
        // The catalog's words: in English they are the server's own (TESTIMONIAL_THANKS).
        setOutcome({ kind: "success", message: t("feedback.thanks") });
        setName("");
        setProfession("");
        setContent("");
        setRating(0);
      } else {
        setOutcome({
          kind: "failure",
          message: describeFailure(language, body, "feedback.failed"),
        });
      }
    } catch {
      setOutcome({ kind: "failure", message: t("feedback.network") });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      data-ui-words={words}
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-label={t("feedback.form")}
      className="grid gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="feedback-name"
          label={t("feedback.name")}
          value={name}
          maxLength={80}
          autoComplete="name"
          onChange={(e) => setName(e.target.value)}
        />
        <Field
          id="feedback-profession"
          label={t("feedback.profession")}
          value={profession}
          maxLength={80}
          autoComplete="organization-title"
          onChange={(e) => setProfession(e.target.value)}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t("feedback.rating")}
        </legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className="cursor-pointer">
              <input
                type="radio"
                name="feedback-rating"
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className={`block rounded px-0.5 text-3xl leading-none peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500 ${value <= rating ? "text-amber-500" : "text-slate-300 dark:text-slate-600"}`}
              >
                ★
              </span>
              <span className="sr-only">{plural("feedback.stars", value)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-1.5">
        <label
          htmlFor="feedback-content"
          className="text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          {t("feedback.content")}
        </label>
        <textarea
          id="feedback-content"
          rows={4}
          maxLength={1000}
          className={inputClass}
          value={content}
          onChange={(e) => setContent(e.target.value)}
        />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          disabled={!hydrated || submitting}
          className="inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {submitting ? t("feedback.submitting") : t("feedback.submit")}
        </button>
        <p
          role="status"
          className={`text-sm font-medium ${outcome?.kind === "success" ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}
        >
          {outcome?.message}
        </p>
      </div>
    </form>
  );
}
