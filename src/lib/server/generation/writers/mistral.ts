import { promptMessages } from "../prompts.ts";
import type { TextProvider } from "./types.ts";

/**
 * Mistral chat completions through the official SDK, streamed. The SDK is loaded only when a
 * key is set: its few hundred modules slowed every start and held memory (decision 002).
 */
export function mistralProvider(options: {
  apiKey: string;
  model: string;
  serverURL?: string;
}): TextProvider {
  const loading = import("@mistralai/mistralai").then(
    ({ Mistral }) =>
      new Mistral({
        apiKey: options.apiKey,
        ...(options.serverURL ? { serverURL: options.serverURL } : {}),
        // Our own engine falls back to the next provider; a retry here would only delay that.
        retryConfig: { strategy: "none" },
      }),
  );
  // A failed load fails each text (the engine tries the next writer), never the process.
  loading.catch(() => {});
  return {
    id: "mistral-ai",
    modelName: options.model,
    async *stream(_request, prompt, { signal }) {
      const client = await loading;
      const events = await client.chat.stream(
        {
          model: options.model,
          messages: promptMessages(prompt),
          temperature: prompt.temperature,
          maxTokens: prompt.maxTokens,
          ...(prompt.seed === undefined ? {} : { randomSeed: prompt.seed }),
        },
        { signal },
      );
      for await (const event of events) {
        const content = event.data.choices[0]?.delta.content;
        if (typeof content === "string") {
          if (content) yield content;
        } else if (Array.isArray(content)) {
          for (const chunk of content) {
            if (chunk.type === "text" && chunk.text) yield chunk.text;
          }
        }
      }
    },
  };
}
