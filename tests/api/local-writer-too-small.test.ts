import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { signUp } from "../support/client.ts";
import { expectTemplateDraft } from "../support/generate.ts";
import { useScratchDir, useServer } from "../support/use-server.ts";
import { writeTinyGguf } from "../support/tiny-gguf.ts";
import { MODEL_TEST_TIMEOUT_MS, waitFor } from "../support/wait.ts";

/**
 * Issue 26, item 3: a model whose context cannot hold our longest instructions beside the
 * longest text is refused when it loads, never "ready": the engines status says why, and
 * texts are template drafts meanwhile.
 */
// The tiny model spells most words byte by byte: the instructions alone are ~500 tokens.
const modelDir = useScratchDir("small-model-", (dir) =>
  writeTinyGguf(join(dir, "tiny-test.gguf"), { contextLength: 1024 }),
);
const server = useServer({
  env: () => ({
    TRUSTED_PROXY: "1",
    LOCAL_MODEL: join(modelDir.path, "tiny-test.gguf"),
    LOCAL_MODEL_THREADS: "1",
  }),
});

describe("a model with too small a context", () => {
  it("is refused at load with one log line and an engines status that says so", async () => {
    const status = await waitFor(
      "the local writer to give up",
      async () => (await fetch(`${server.url}/api/email/engines`)).json(),
      { done: (value) => value.local.state !== "loading", timeoutMs: MODEL_TEST_TIMEOUT_MS },
    );
    expect(status).toMatchObject({
      writer: "template",
      templateReason: "context-too-small",
      ready: [],
      local: { state: "too-small", model: "tiny test", contextTokens: 1024 },
    });
    expect(status.local.neededTokens).toBeGreaterThan(1024);
    const lines = server.logs.filter((entry) =>
      String(entry.msg).startsWith("The configured local model's context is too small"),
    );
    expect(lines).toHaveLength(1);
    expect(server.logs.map((entry) => entry.msg)).not.toContain(
      "The local writer is ready: tiny-test.gguf (1 threads)",
    );
  });

  it("answers with a free template draft that says why", async () => {
    const { client } = await signUp(server.url, false);
    const response = await client.post("/api/email/generate", {
      content: "A letter to my landlord about the broken heating.",
      language: "english",
      contentType: "letter",
    });
    expectTemplateDraft(response, "context-too-small", 300);
  });
});
