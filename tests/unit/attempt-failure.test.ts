import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messages, type MessageKey } from "#i18n/messages.ts";
import type { GenerationRequestBody } from "#shared/schemas/generation.ts";
import { wordFailure } from "#generator/lib/attempt-failure.ts";
import { generate } from "#generator/state/attempt.ts";
import { $desk } from "#generator/state/desk.ts";
import { ResultNotes } from "#generator/result/ResultNotes.tsx";

const REQUEST = { content: "A note to my landlord", language: "english", contentType: "email" };

function answering(response: () => Promise<Response>): void {
  vi.stubGlobal("fetch", vi.fn(response));
}

/** The panel's error box as it renders in `language`, for the desk as the attempt left it. */
function errorBox(language: string): string {
  const t = (key: MessageKey) => messages.translate(language, key);
  const notes = createElement(ResultNotes, {
    desk: $desk.get(),
    version: null,
    isGuest: true,
    language,
    t,
  });
  return renderToStaticMarkup(notes);
}

describe("a failed attempt keeps why, not the words", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("an unreachable server's failure is re-worded when the interface turns Turkish", async () => {
    answering(() => Promise.reject(new TypeError("fetch failed")));
    await generate(REQUEST as GenerationRequestBody);

    const error = $desk.get().error;
    expect(error).toEqual({ key: "error.network" });
    expect(errorBox("english")).toContain("Network error. Please check your connection.");
    await messages.load();
    expect(errorBox("turkish")).toContain("Ağ hatası. Lütfen bağlantınızı kontrol edin.");
    expect(errorBox("turkish")).not.toContain("Network error");
  });

  it("the server's refusal shows its English, and in Turkish is worded by its code", async () => {
    const refusal = {
      success: false,
      code: "RATE_LIMITED",
      message: "Too many attempts. Please try again in 30 seconds.",
      retryAfter: 30,
    };
    answering(async () => Response.json(refusal, { status: 429 }));
    await generate(REQUEST as GenerationRequestBody);

    const error = $desk.get().error!;
    expect(typeof error).toBe("object");
    expect(wordFailure("english", error)).toBe(refusal.message);
    await messages.load();
    expect(wordFailure("turkish", error)).toMatch(/^Çok fazla deneme\. Lütfen 30 \S+ sonra/);
    expect(errorBox("turkish")).toContain("Çok fazla deneme");
  });
});
