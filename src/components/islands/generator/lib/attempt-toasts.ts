import { failureToastTitle, successToastTitle } from "#i18n/wording.ts";
import { $language } from "#stores/preferences.ts";
import { showToast } from "#stores/toasts.ts";
import type { Attempt } from "#generator/state/attempt.ts";
import type { TextVersion } from "#generator/state/desk.ts";
import { $knownUseCases } from "#generator/state/use-cases.ts";
import { wordFailure, type AttemptFailure } from "./attempt-failure.ts";

/**
 * A finished text's toast. A refinement's names what was written ("Shorter version
 * written"); its words load with the shown text, on screen by now (DESIGN §11). A passage
 * change is announced by what the panel offers next (Keep, Try again, Discard).
 */
export function announceKept(attempt: Attempt, version: TextVersion & { modelUsed: string }): void {
  const { refine, language, contentType } = attempt.request;
  if (attempt.kind === "refine") {
    void import("#i18n/outcomes.ts").then(
      ({ refinedToastTitle }) =>
        showToast({
          title: refinedToastTitle($language.get(), refine?.action ?? "", language),
          variant: "success",
        }),
      () => {},
    );
  } else if (attempt.kind !== "passage") {
    const { modelUsed, modelName } = version;
    // A use case's text is named by the use case, known since it was chosen (use-cases.ts).
    const useCase = $knownUseCases.get()[attempt.request.useCase ?? ""];
    const title = successToastTitle(
      $language.get(),
      contentType,
      modelUsed,
      modelName,
      useCase?.name,
    );
    showToast({ title, variant: "success" });
  }
}

/** A failed attempt's toast says why, in the language chosen now. */
export function announceFailure(attempt: Attempt, failure: AttemptFailure): void {
  const language = $language.get();
  const message = wordFailure(language, failure);
  const title = failureToastTitle(language, attempt.request.contentType, message);
  showToast({ title, variant: "error" });
}
