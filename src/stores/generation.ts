import { atom } from "nanostores";
import { translate } from "#i18n/messages.ts";
import { modelToastName } from "#shared/models.ts";
import { readServerSentEvents } from "#shared/sse.ts";
import { $language } from "./preferences.ts";
import { invalidateCreditStatus } from "./credits.ts";
import { openCreditDialog } from "./credit-dialog.ts";
import { invalidateHistory } from "./history.ts";
import { showToast } from "./toasts.ts";
import type { GenerationRequestBody } from "#shared/schemas/generation.ts";
import type { TemplateReason } from "./engines.ts";

export type GenerationPhase = "idle" | "generating" | "done" | "error";

export interface GenerationState {
  phase: GenerationPhase;
  text: string;
  subject: string;
  modelUsed: string | null;
  /** The local writer's model, for its badge. */
  modelName: string | null;
  /** Set for a template draft: why no AI writer wrote it. */
  templateReason: TemplateReason | null;
  /** While waiting for the local writer: texts ahead of this one. */
  queuePosition: number | null;
  generationId: string | null;
  contentType: string;
}

const EMPTY = {
  text: "",
  subject: "",
  modelUsed: null,
  modelName: null,
  templateReason: null,
  queuePosition: null,
  generationId: null,
} as const;

/** The result panel's content, written by the generator form (spec §4, Generation). */
export const $generation = atom<GenerationState>({
  phase: "idle",
  ...EMPTY,
  contentType: "email",
});

/** The last request, for Regenerate. */
export const $lastRequest = atom<GenerationRequestBody | null>(null);

export function updateGeneration(patch: Partial<GenerationState>): void {
  $generation.set({ ...$generation.get(), ...patch });
}

let active: { controller: AbortController; generationId: string | null } | null = null;

function t(key: Parameters<typeof translate>[1], values?: Record<string, string>): string {
  return translate($language.get(), key, values);
}

function fail(message: string): void {
  updateGeneration({ phase: "error" });
  showToast({ title: t("error.generationFailed", { message }), variant: "error" });
}

/** Reads the server-sent events of one generation into the store. */
async function readEvents(response: Response): Promise<void> {
  let finished = false;
  for await (const message of readServerSentEvents(response.body!)) {
    const data = JSON.parse(message.data || "{}") as Record<string, unknown>;
    if (message.event === "start") {
      if (active) active.generationId = String(data.generationId);
      updateGeneration({
        generationId: String(data.generationId),
        subject: String(data.subject ?? ""),
      });
    } else if (message.event === "queued") {
      updateGeneration({ queuePosition: Number(data.position) || null });
    } else if (message.event === "delta") {
      updateGeneration({
        text: $generation.get().text + String(data.text ?? ""),
        queuePosition: null,
      });
    } else if (message.event === "reset") {
      updateGeneration({ text: "" });
    } else if (message.event === "done") {
      const modelUsed = String(data.modelUsed);
      updateGeneration({
        phase: "done",
        modelUsed,
        modelName: typeof data.modelName === "string" ? data.modelName : null,
        templateReason: (data.templateReason as TemplateReason | undefined) ?? null,
        queuePosition: null,
      });
      showToast({
        title: t("toast.success", { model: modelToastName(modelUsed) }),
        variant: "success",
      });
      finished = true;
      break;
    } else if (message.event === "error") {
      fail(String(data.message ?? t("error.generic")));
      finished = true;
      break;
    }
  }
  if (!finished && $generation.get().phase === "generating") {
    // The stream ended without a verdict (connection lost).
    fail(t("error.network"));
  }
}

/**
 * Spec §4 and §8: streams one generation into the result panel. A 402 opens the credit
 * dialog instead of a toast; other failures toast in the selected UI language.
 */
export async function generate(request: GenerationRequestBody): Promise<void> {
  if (active) return;
  const controller = new AbortController();
  active = { controller, generationId: null };
  $lastRequest.set(request);
  $generation.set({ phase: "generating", ...EMPTY, contentType: request.contentType });
  try {
    let response: Response;
    try {
      response = await fetch("/api/email/generate", {
        method: "POST",
        credentials: "same-origin",
        signal: controller.signal,
        headers: { "content-type": "application/json", accept: "text/event-stream" },
        body: JSON.stringify(request),
      });
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
      fail(t("error.network"));
      return;
    }
    if (!response.ok) {
      let body: { message?: string; code?: string; isGuest?: boolean } = {};
      try {
        body = (await response.json()) as typeof body;
      } catch {
        // Not JSON: the status says enough.
      }
      if (response.status === 402 && body.code === "INSUFFICIENT_CREDITS") {
        updateGeneration({ phase: "idle" });
        openCreditDialog(Boolean(body.isGuest));
        invalidateCreditStatus();
        return;
      }
      fail(body.message ?? `Server error: ${response.status}`);
      return;
    }
    try {
      await readEvents(response);
    } catch (error) {
      if ((error as Error).name !== "AbortError") fail(t("error.network"));
    }
  } finally {
    active = null;
    invalidateCreditStatus();
    invalidateHistory();
  }
}

/** Stop: the server refunds a generation stopped before any text and keeps what was written. */
export async function stopGeneration(): Promise<void> {
  const current = active;
  if (!current) return;
  const { generationId } = current;
  if (generationId) {
    await fetch("/api/email/cancel", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ generationId }),
    }).catch(() => {});
  }
  current.controller.abort();
  const state = $generation.get();
  updateGeneration({
    phase: state.text ? "done" : "idle",
    modelUsed: state.text ? "stopped" : null,
    queuePosition: null,
  });
}

export function regenerate(): void {
  const last = $lastRequest.get();
  if (last) void generate(last);
}
