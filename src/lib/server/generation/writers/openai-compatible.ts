import { readServerSentEvents } from "#shared/sse.ts";
import { promptMessages } from "../prompts.ts";
import { WriterCutOff, WriterHttpError } from "./failure-reason.ts";
import type { TextProvider } from "./types.ts";

/**
 * Any OpenAI-compatible chat server (Ollama, LocalAI, vLLM, llama.cpp): POST
 * {base}/chat/completions with `stream: true`, read as server-sent events.
 */
export function openAiCompatibleProvider(options: {
  baseUrl: string;
  model: string;
  apiKey?: string;
}): TextProvider {
  const endpoint = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    id: "localai",
    // The model this server is asked for: the badge names it (issue 22).
    modelName: options.model,
    async *stream(_request, prompt, { signal }) {
      const response = await fetch(endpoint, {
        method: "POST",
        signal,
        headers: {
          "content-type": "application/json",
          accept: "text/event-stream",
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          stream: true,
          temperature: prompt.temperature,
          max_tokens: prompt.maxTokens,
          ...(prompt.seed === undefined ? {} : { seed: prompt.seed }),
          messages: promptMessages(prompt),
        }),
      });
      if (!response.ok || !response.body) {
        const message = `OpenAI-compatible server answered ${response.status}`;
        throw new WriterHttpError(message, response.status);
      }
      let finished = false;
      for await (const event of readServerSentEvents(response.body)) {
        if (event.data === "[DONE]") {
          finished = true;
          break;
        }
        const chunk = JSON.parse(event.data) as {
          choices?: { delta?: { content?: string | null } }[];
        };
        const text = chunk.choices?.[0]?.delta?.content;
        if (text) yield text;
      }
      // A stream that ends without [DONE] was cut off: the text is incomplete.
      if (!finished) throw new WriterCutOff("OpenAI-compatible stream ended before [DONE]");
    },
  };
}
