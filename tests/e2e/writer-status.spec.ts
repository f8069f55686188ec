import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startModelHost } from "../fakes/model-host.ts";
import { createStorage, startServer, waitForLog } from "../support/server.ts";
import { writeTinyGguf } from "../support/tiny-gguf.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Issue 44, item 3: the writer says what it is doing where people look, above Generate.
 * Each test starts a server of its own whose local model comes from a loopback model host
 * that holds the download halfway, keeps answering 503, or has no such file.
 */
const NAME = "tiny-test.gguf";

async function serverFor(modelUrl: string) {
  const storage = await createStorage();
  const server = await startServer(storage, {
    env: { LOCAL_MODEL: modelUrl, LOCAL_MODEL_THREADS: "1" },
  });
  return {
    url: server.url,
    server,
    async stop() {
      await server.stop();
      await storage.cleanup();
    },
  };
}

async function tinyModel(): Promise<Buffer> {
  const scratch = await mkdtemp(join(tmpdir(), "writer-status-"));
  try {
    await writeTinyGguf(join(scratch, NAME));
    return await readFile(join(scratch, NAME));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

test("while the model downloads, a bar and a visitor's words stand above Generate", async ({
  page,
}) => {
  const file = await tinyModel();
  const host = await startModelHost({ file, name: NAME, holdAt: file.length >> 1 });
  const server = await serverFor(host.modelUrl);
  try {
    await page.goto(server.url);
    const status = page.getByTestId("writer-status");
    // A visitor's words (issue 30): getting ready, template drafts meanwhile; no sizes.
    await expect(status).toHaveText(
      "The AI writer is getting ready. Until then, texts are free template drafts to fill in.",
    );
    await expect(
      status.getByRole("progressbar", { name: "Getting the AI writer ready" }),
    ).toHaveAttribute("value", /^5\d$/);
    // Right above the button.
    const generate = page.getByRole("button", { name: "Generate Text" });
    const [line, button] = [await status.boundingBox(), await generate.boundingBox()];
    expect(line!.y + line!.height).toBeLessThanOrEqual(button!.y);
    expect(button!.y - (line!.y + line!.height)).toBeLessThan(16);
    // In sight with the button a person is about to press.
    await generate.scrollIntoViewIfNeeded();
    await expect(status).toBeInViewport();
  } finally {
    // The page leaves first: a chunk it still loads would meet a stopped server.
    await page.goto("about:blank");
    await server.stop();
    await host.close();
  }
});

test("a failing or missing model reads as getting ready or unavailable, never its cause", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one browser is enough for the server's states");
  // Two servers of its own start inside the test: 30 s was tight on a busy machine.
  test.setTimeout(90_000);
  const file = await tinyModel();
  const busy = await startModelHost({ file, name: NAME, unavailableFirst: 1_000 });
  const retrying = await serverFor(busy.modelUrl);
  const missing = await serverFor(busy.modelUrl.replace(NAME, "no-such-model.gguf"));
  try {
    // The log has the cause (and an operator's /api/email/engines the next attempt); the
    // page has neither.
    await waitForLog(
      retrying.server,
      (entry) => String(entry.msg).includes("download is failing (HTTP 503 Service Unavailable)"),
      15_000,
    );
    const visitor = await (await fetch(`${retrying.url}/api/email/engines`)).json();
    expect(JSON.stringify(visitor.local)).not.toContain("503");
    await page.goto(retrying.url);
    const status = page.getByTestId("writer-status");
    await expect(status).toHaveText(
      "The AI writer is getting ready. Until then, texts are free template drafts to fill in.",
    );
    await page.goto(missing.url);
    await expect(status).toHaveText(
      "The AI writer is unavailable: texts are free template drafts to fill in.",
    );
    await expect(page.locator("body")).not.toContainText(
      /HTTP 404|HTTP 503|model:pull|Trying again/,
    );
  } finally {
    await page.goto("about:blank");
    await Promise.all([retrying.stop(), missing.stop()]);
    await busy.close();
  }
});
