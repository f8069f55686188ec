import type { ProviderInput, TextProvider } from "./types.ts";

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
    async *stream(input: ProviderInput, { signal }) {
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
          temperature: 0.7,
          messages: [
            { role: "system", content: input.prompt.system },
            { role: "user", content: input.prompt.user },
          ],
        }),
      });
      if (!response.ok || !response.body) {
        throw new Error(`OpenAI-compatible server answered ${response.status}`);
      }
      const decoder = new TextDecoder();
      let buffer = "";
      let finished = false;
      for await (const bytes of response.body) {
        buffer += decoder.decode(bytes, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf("\n")) !== -1) {
          const line = buffer.slice(0, newline).replace(/\r$/, "");
          buffer = buffer.slice(newline + 1);
          if (!line.startsWith("data:")) continue;
          const data = line.slice(5).trim();
          if (data === "[DONE]") {
            finished = true;
            break;
          }
          const chunk = JSON.parse(data) as { choices?: { delta?: { content?: string | null } }[] };
          const text = chunk.choices?.[0]?.delta?.content;
          if (text) yield text;
        }
        if (finished) break;
      }
      // A stream that ends without [DONE] was cut off: the text is incomplete.
      if (!finished) throw new Error("OpenAI-compatible stream ended before [DONE]");
    },
  };
}
