import { atom } from "nanostores";
import { translate } from "../i18n/messages.ts";
import { modelToastName } from "../lib/shared/models.ts";
import { $language } from "./preferences.ts";
import { invalidateCreditStatus } from "./credits.ts";
import { openCreditDialog } from "./credit-dialog.ts";
import { invalidateHistory } from "./history.ts";
import { showToast } from "./toasts.ts";
import type { GenerateRequest } from "../lib/shared/schemas/generation.ts";

export type GenerationPhase = "idle" | "generating" | "done" | "error";

export interface GenerationState {
  phase: GenerationPhase;
  text: string;
  subject: string;
  modelUsed: string | null;
  generationId: string | null;
  contentType: string;
}

/** The result panel's content, written by the generator form (spec §4, Generation). */
export const $generation = atom<GenerationState>({
  phase: "idle",
  text: "",
  subject: "",
  modelUsed: null,
  generationId: null,
  contentType: "email",
});

/** The last request, for Regenerate. */
export const $lastRequest = atom<GenerateRequest | null>(null);

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
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let finished = false;
  while (!finished) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let boundary: number;
    while ((boundary = buffer.indexOf("\n\n")) !== -1) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "{}") as Record<string, unknown>;
      if (event === "start") {
        if (active) active.generationId = String(data.generationId);
        updateGeneration({
          generationId: String(data.generationId),
          subject: String(data.subject ?? ""),
        });
      } else if (event === "delta") {
        updateGeneration({ text: $generation.get().text + String(data.text ?? "") });
      } else if (event === "reset") {
        updateGeneration({ text: "" });
      } else if (event === "done") {
        const modelUsed = String(data.modelUsed);
        updateGeneration({ phase: "done", modelUsed });
        showToast({
          title: t("toast.success", { model: modelToastName(modelUsed) }),
          variant: "success",
        });
        finished = true;
      } else if (event === "error") {
        fail(String(data.message ?? t("error.generic")));
        finished = true;
      }
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
export async function generate(request: GenerateRequest): Promise<void> {
  if (active) return;
  const controller = new AbortController();
  active = { controller, generationId: null };
  $lastRequest.set(request);
  $generation.set({
    phase: "generating",
    text: "",
    subject: "",
    modelUsed: null,
    generationId: null,
    contentType: request.contentType,
  });
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
  });
}

export function regenerate(): void {
  const last = $lastRequest.get();
  if (last) void generate(last);
}
