import { messages, type MessageKey } from "#i18n/messages.ts";
import { describeFailure } from "#i18n/wording.ts";
import type { FailedAnswer } from "#shared/api/failures.ts";
import { MAX_VARIANT, type Language, type Refinement } from "#shared/generation.ts";
import type { GenerationRequestBody } from "#shared/schemas/generation.ts";
import {
  cancelGeneration,
  requestGeneration,
  type GenerationAnswer,
} from "#client/generation-stream.ts";
import { $desk, shownVersion, updateDesk } from "./desk.ts";
import { $language } from "./preferences.ts";
import { invalidateCreditStatus } from "./credits.ts";
import { openCreditDialog } from "./credit-dialog.ts";
import { invalidateHistory } from "./history-cache.ts";
import { endStopped, failed, giveUp, lostConnection, type Attempt } from "./attempt-endings.ts";
import { readEvents, type AttemptControl } from "./generation-events.ts";

type ActiveAttempt = AttemptControl & { controller: AbortController };

/** The attempt under way; `stopping` once Stop was pressed, so its last events are moot. */
let active: ActiveAttempt | null = null;
let lastAttempt: Attempt | null = null;

function t(key: MessageKey, values?: Record<string, string | number>) {
  return messages.translate($language.get(), key, values);
}

/** A failed answer's message in the chosen language (DESIGN §7). */
function failureText(body: FailedAnswer, fallback: MessageKey): string {
  return describeFailure($language.get(), body, fallback);
}

/**
 * Spec §4 and §8: streams one attempt into the result panel. A 402 opens the credit dialog
 * instead of a toast; other failures toast in the selected UI language. Whatever fails,
 * the prompt and the previous result stay (decision 035).
 */
export async function run(attempt: Attempt): Promise<void> {
  if (active) return;
  const controller = new AbortController();
  const control: ActiveAttempt = { controller, generationId: null, stopping: false };
  active = control;
  lastAttempt = attempt;
  updateDesk({
    busy: true,
    // A new text keeps a passage change under review: nothing is undone behind the person.
    review: null,
    error: null,
    errorAction: "retry",
    stoppedBeforeWords: false,
    fieldFailures: null,
    queuePosition: null,
    writing: {
      request: attempt.request,
      generationId: null,
      subject: "",
      text: "",
      modelUsed: null,
      modelName: null,
      templateReason: null,
    },
  });
  try {
    let answer: GenerationAnswer;
    try {
      answer = await requestGeneration(attempt.request, controller.signal);
    } catch (error) {
      if ((error as Error).name !== "AbortError") failed(attempt, t("error.network"));
      return;
    }
    if (answer.kind === "refused") {
      const { status, body } = answer;
      if (status === 402 && body.code === "INSUFFICIENT_CREDITS") {
        giveUp(attempt, failureText(body, "error.generic"), "credits");
        openCreditDialog(Boolean(body.isGuest));
        return;
      }
      if (body.fieldErrors) updateDesk({ fieldFailures: body });
      const fallback = t("error.server", { status: String(status) });
      failed(attempt, body.message || body.code ? failureText(body, "error.generic") : fallback);
      return;
    }
    if (answer.kind === "not-a-stream") {
      // Spec §8: its message, or "Failed to generate …" when it has none.
      failed(attempt, failureText(answer.body, "error.generic"));
      return;
    }
    try {
      await readEvents(attempt, answer.events, control);
    } catch (error) {
      if ((error as Error).name !== "AbortError") lostConnection(attempt);
    }
  } finally {
    active = null;
    invalidateCreditStatus();
    invalidateHistory();
  }
}

/** A new request from the form. */
export function generate(request: GenerationRequestBody): Promise<void> {
  return run({ request: { ...request, variant: 1 }, kind: "new" });
}

/** The same request, whatever its variant. */
function sameRequest(a: GenerationRequestBody, b: GenerationRequestBody): boolean {
  const key = ({ variant: _variant, variantOf: _of, ...rest }: GenerationRequestBody) =>
    JSON.stringify(rest);
  return key(a) === key(b);
}

/**
 * Regenerate: the shown version's request again, as a new variant (never the same text),
 * kept in the history under the text it is another version of.
 */
export function regenerate(): void {
  const { versions, shown } = $desk.get();
  const version = versions[shown];
  if (!version) return;
  const written = versions
    .filter((other) => sameRequest(other.request, version.request))
    .map((other) => other.request.variant ?? 1);
  const variant = Math.min(Math.max(...written) + 1, MAX_VARIANT);
  // A refinement's variant is already kept under its original, through its parent.
  const variantOf = version.request.refine ? undefined : (version.generationId ?? undefined);
  void run({ request: { ...version.request, variant, variantOf }, kind: "variant" });
}

/** Shorter, Longer, More formal, Friendlier, Translate: a follow-up to the shown text. */
export function refine(action: Refinement, translateTo?: Language): void {
  const version = shownVersion($desk.get());
  if (!version?.generationId) return;
  void run({
    request: {
      ...version.request,
      variant: 1,
      language: action === "translate" && translateTo ? translateTo : version.request.language,
      refine: { parentId: version.generationId, action },
    },
    kind: "refine",
  });
}

/** Sends the failed attempt again. */
export function retry(): void {
  if (lastAttempt) void run(lastAttempt);
}

/** How long a stopped stream may take to end with the server's word on it. */
const STOP_ANSWER_MS = 5_000;

/**
 * Stop: the server ends the text with the words that reached us and says what they cost
 * (nothing delivered: refunded), on whichever instance writes it. Before the text has an
 * id, leaving is enough: nothing has reached us, so nothing is charged.
 */
export async function stopGeneration(): Promise<void> {
  const current = active;
  const attempt = lastAttempt;
  if (!current || !attempt || current.stopping) return;
  current.stopping = true;
  const { generationId } = current;
  // Not cancelled, or the server unreachable: leaving below is the stop.
  const cancelled = generationId ? await cancelGeneration(generationId) : false;
  // Finished while the cancel was on its way (and perhaps another attempt began).
  if (active !== current) return;
  if (cancelled) {
    // The stream ends with the server's verdict; if it does not come, stop waiting for it.
    setTimeout(() => {
      if (active !== current) return;
      current.controller.abort();
      endStopped(attempt);
    }, STOP_ANSWER_MS);
    return;
  }
  current.controller.abort();
  endStopped(attempt);
}
