import { getConfig, type Config } from "../config.ts";
import { AppError } from "../errors.ts";
import { getLogger } from "../logger.ts";
import { mistralProvider } from "./providers/mistral.ts";
import { offlineProvider } from "./providers/offline.ts";
import { openAiCompatibleProvider } from "./providers/openai-compatible.ts";
import type { ProviderInput, TextProvider } from "./providers/types.ts";

export const ALL_PROVIDERS_FAILED =
  "The text could not be generated right now. Your credits have been refunded. Please try again.";

export class GenerationCancelled extends Error {
  override name = "GenerationCancelled";
}

/** Providers in DESIGN §5's order: Mistral, an OpenAI-compatible server, the offline engine. */
export function configuredProviders(config: Config): TextProvider[] {
  const available: TextProvider[] = [];
  if (config.MISTRAL_API_KEY) {
    available.push(
      mistralProvider({
        apiKey: config.MISTRAL_API_KEY,
        model: config.MISTRAL_MODEL,
        serverURL: config.MISTRAL_SERVER_URL,
      }),
    );
  }
  if (config.OPENAI_COMPAT_BASE_URL) {
    available.push(
      openAiCompatibleProvider({
        baseUrl: config.OPENAI_COMPAT_BASE_URL,
        model: config.OPENAI_COMPAT_MODEL,
        apiKey: config.OPENAI_COMPAT_API_KEY,
      }),
    );
  }
  available.push(offlineProvider);
  if (!config.GENERATION_PROVIDERS) return available;
  const wanted = config.GENERATION_PROVIDERS.split(",").map((id) => id.trim());
  return wanted.flatMap((id) => available.filter((provider) => provider.id === id));
}

let providers: TextProvider[] | undefined;

export interface WriteListener {
  onDelta?(text: string): void;
  /** A provider failed after writing part of a text; the next one starts over. */
  onReset?(): void;
}

/**
 * Tries each provider in turn, each within PROVIDER_TIMEOUT_MS; the first that finishes
 * a non-empty text wins. Throws GenerationCancelled when `signal` aborts, and a 503 when
 * every provider failed.
 */
export async function writeText(
  input: ProviderInput,
  options: { signal: AbortSignal; paced: boolean; listener?: WriteListener },
): Promise<{ content: string; modelUsed: string }> {
  const config = getConfig();
  providers ??= configuredProviders(config);
  const log = getLogger();

  for (const provider of providers) {
    if (options.signal.aborted) throw new GenerationCancelled();
    const controller = new AbortController();
    const cancel = () => controller.abort(new GenerationCancelled());
    options.signal.addEventListener("abort", cancel, { once: true });
    const timer = setTimeout(
      () => controller.abort(new Error("provider timed out")),
      config.PROVIDER_TIMEOUT_MS,
    );
    let text = "";
    try {
      for await (const piece of provider.stream(input, {
        signal: controller.signal,
        paced: options.paced,
      })) {
        text += piece;
        options.listener?.onDelta?.(piece);
      }
      if (!text.trim()) throw new Error("empty answer");
      return { content: text, modelUsed: provider.id };
    } catch (error) {
      if (options.signal.aborted) throw new GenerationCancelled();
      log.warn(
        { provider: provider.id, reason: (error as Error).message?.slice(0, 200) },
        "provider failed",
      );
      if (text) options.listener?.onReset?.();
    } finally {
      clearTimeout(timer);
      options.signal.removeEventListener("abort", cancel);
    }
  }
  throw new AppError("SERVICE_UNAVAILABLE", 503, ALL_PROVIDERS_FAILED);
}
