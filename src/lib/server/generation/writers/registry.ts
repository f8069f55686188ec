import { getConfig, type Config } from "#server/config.ts";
import { failure, type AppError } from "#server/errors.ts";
import { getLogger } from "#server/logger.ts";
import {
  llamaProvider,
  localWriter,
  type LocalWriter,
  type LocalWriterStatus,
  type WritingSpeed,
} from "./local/writer.ts";
import { mistralProvider } from "./mistral.ts";
import { openAiCompatibleProvider } from "./openai-compatible.ts";
import type { TemplateReason, WritersStatus } from "#shared/api/writers.ts";
import type { LinePlace, TextProvider } from "./types.ts";

export type { TemplateReason, WritersStatus };

/**
 * The AI writers this server has, in DESIGN §5's order, and who writes the next text: one
 * of them, or a template draft and why.
 */

/** How long a turned-away request is asked to wait. */
const BUSY_RETRY_AFTER_SECONDS = 10;

/** Who writes the next text: AI writers in order, or the template drafts and why. */
export type WriterPlan =
  { kind: "ai"; providers: TextProvider[] } | { kind: "template"; reason: TemplateReason };

interface Writers {
  providers: TextProvider[];
  local: LocalWriter | null;
}

/** The AI writers in DESIGN §5's order: Mistral, an OpenAI-compatible server, the local model. */
function configuredWriters(config: Config): Writers {
  const providers: TextProvider[] = [];
  if (config.MISTRAL_API_KEY) {
    providers.push(
      mistralProvider({
        apiKey: config.MISTRAL_API_KEY,
        model: config.MISTRAL_MODEL,
        serverURL: config.MISTRAL_SERVER_URL,
      }),
    );
  }
  if (config.OPENAI_COMPAT_BASE_URL) {
    providers.push(
      openAiCompatibleProvider({
        baseUrl: config.OPENAI_COMPAT_BASE_URL,
        model: config.OPENAI_COMPAT_MODEL,
        apiKey: config.OPENAI_COMPAT_API_KEY,
      }),
    );
  }
  const wanted = config.GENERATION_PROVIDERS?.split(",").map((id) => id.trim());
  const allowed = (id: string) => !wanted || wanted.includes(id);
  const local = allowed("llama") ? localWriter(config) : null;
  if (local && local.source.kind !== "off") providers.push(llamaProvider(local));
  const ordered = wanted
    ? wanted.flatMap((id) => providers.filter((provider) => provider.id === id))
    : providers;
  return { providers: ordered, local: local?.source.kind === "off" ? null : local };
}

let writers: Writers | undefined;

function currentWriters(): Writers {
  writers ??= configuredWriters(getConfig());
  return writers;
}

/**
 * Starts the local writer (its download or load) without waiting for it. Production with
 * no AI writer at all says so once: every text will be a template draft.
 */
export function warmUpWriters(): void {
  currentWriters();
  if (getConfig().isProduction && planWriting().kind === "template" && !currentWriters().local) {
    getLogger().warn(
      "No AI writer is configured (MISTRAL_API_KEY, OPENAI_COMPAT_BASE_URL or LOCAL_MODEL): every text will be a template draft.",
    );
  }
}

/**
 * Who writes now. The local model counts once it is loaded; until then, and when no AI
 * writer is configured at all, texts are template drafts (free, and labelled as such).
 */
export function planWriting(): WriterPlan {
  const { providers, local } = currentWriters();
  const ready = providers.filter((provider) => provider.id !== "llama" || local?.ready);
  if (ready.length > 0) return { kind: "ai", providers: ready };
  if (!local) return { kind: "template", reason: "no-ai-writer" };
  const reasons: Partial<Record<LocalWriterStatus["state"], TemplateReason>> = {
    downloading: "downloading",
    failed: "failed",
    "too-small": "context-too-small",
  };
  return { kind: "template", reason: reasons[local.status.state] ?? "loading" };
}

/**
 * Who writes next, for `/api/email/engines`. The local writer's cause of failure (a file's
 * path, a network error) and its retries are an operator's: a visitor reads its state alone
 * (issue 30), as the page does; the console and the log say the rest.
 */
export function writersStatus(operator = false): WritersStatus {
  const plan = planWriting();
  const status = currentWriters().local?.status ?? { state: "off" as const };
  const local: LocalWriterStatus = operator
    ? status
    : status.state === "failed"
      ? { state: "failed", model: status.model }
      : status.state === "downloading"
        ? { ...status, retry: null }
        : status;
  return plan.kind === "ai"
    ? { writer: "ai", ready: plan.providers.map((provider) => provider.id), local }
    : { writer: "template", templateReason: plan.reason, ready: [], local };
}

/** The local writer as the console shows it: its state, its line, its last texts' speed. */
export interface LocalWriterFigures {
  status: LocalWriterStatus;
  queue: { running: number; waiting: number; concurrency: number; capacity: number } | null;
  recent: readonly WritingSpeed[];
}

export function localWriterFigures(): LocalWriterFigures {
  const local = currentWriters().local;
  if (!local) return { status: { state: "off" }, queue: null, recent: [] };
  const { running, waiting, concurrency, capacity } = local.queue;
  return {
    status: local.status,
    queue: { running, waiting, concurrency, capacity },
    recent: local.recentSpeeds,
  };
}

export function busyError(): AppError {
  return failure("SERVICE_UNAVAILABLE", "writersBusy", {
    headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) },
  });
}

/**
 * When the local model is the only writer, takes the text's place in its line now, in the
 * same turn as the check: a full line turns the request away before anything is reserved
 * or streamed (503 with Retry-After, nothing to refund). Requests that arrive together
 * can no longer all pass the check and find the line full only once their stream has
 * started. The caller hands the place to the writer, and leaves it if it never gets there.
 */
export function takePlaceInLine(plan: WriterPlan): LinePlace | undefined {
  if (plan.kind !== "ai") return undefined;
  const { local } = currentWriters();
  const onlyLocal = plan.providers.every((provider) => provider.id === "llama");
  if (!onlyLocal || !local) return undefined;
  const place = local.queue.join();
  if (!place) throw busyError();
  return place;
}
