import type { Page } from "@playwright/test";
import { SAME_ORIGIN } from "./auth-helpers.ts";
import { expect, generatorSelect, seriousAxeViolations, test, writeText } from "./fixtures.ts";

/**
 * Issue 43: a passage of the shown text, chosen with the mouse or the keyboard, rewritten in
 * its place (the fake writer answers "Rewritten: <its first words>."), then kept, tried
 * again or discarded; and a change asked for in a person's own words.
 */

/** Writes one text as a guest and waits until it is shown whole. */
async function writeGuestText(page: Page): Promise<string> {
  await page.goto("/");
  return writeText(page, "An email to my team about Friday.");
}

/** The words the page marks as the new passage (a CSS highlight), or null. */
function markedPassage(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const highlight = CSS.highlights.get("passage-new");
    const range = highlight && [...highlight][0];
    return range ? range.toString() : null;
  });
}

test("select a sentence, Rephrase, and Keep makes a version of its own", async ({ page }) => {
  const before = await writeGuestText(page);
  const result = page.getByTestId("result-text");
  const last = result.locator("p").last();
  const chosen = (await last.textContent())!;
  await last.selectText();

  const tools = page.getByRole("toolbar", { name: "Change the selected passage" });
  await expect(tools).toBeVisible();
  await expect(tools).toContainText(/About \d+(–\d+)? credits/);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await tools.getByRole("button", { name: "Rephrase" }).click();

  const review = page.getByTestId("passage-review");
  await expect(review).toBeVisible({ timeout: 20_000 });
  await expect(review).toContainText(/The new passage is marked · \d+ credits/);
  const rewritten = `Rewritten: ${chosen.replace(/\.$/, "")}.`;
  // Only the passage changed: the text before it is the same, word for word.
  await expect(result).toHaveText(before.replace(chosen, rewritten));
  expect(await markedPassage(page)).toBe(rewritten);
  await expect(review.getByRole("button", { name: "Keep" })).toBeFocused();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await review.getByRole("button", { name: "Keep" }).click();
  await expect(review).toBeHidden();
  expect(await markedPassage(page)).toBeNull();
  await expect(page.getByTestId("version-kind")).toHaveText("Rephrased a passage");
  await expect(page.getByTestId("version-count")).toHaveText("2/2");
  await page.getByRole("button", { name: "Previous version" }).click();
  await expect(result).toHaveText(before);
});

test("Discard shows the text as it was, and Try again writes the passage anew", async ({
  page,
}) => {
  const before = await writeGuestText(page);
  const result = page.getByTestId("result-text");
  await result.locator("h3").first().selectText();
  const tools = page.getByRole("toolbar", { name: "Change the selected passage" });
  await tools.getByRole("button", { name: "Shorter" }).click();
  const review = page.getByTestId("passage-review");
  await expect(review).toBeVisible({ timeout: 20_000 });

  await review.getByRole("button", { name: "Try again" }).click();
  await expect(review).toBeVisible({ timeout: 20_000 });
  await expect(result.locator("h3").first()).toHaveText(/^Rewritten: /);

  await review.getByRole("button", { name: "Discard" }).click();
  await expect(review).toBeHidden();
  await expect(result).toHaveText(before);
  // Discarded changes are not versions.
  await expect(page.getByTestId("version-count")).toHaveCount(0);
});

test("the keyboard chooses a paragraph with Shift+F10 and changes it", async ({ page }) => {
  const before = await writeGuestText(page);
  const result = page.getByRole("region", { name: /^Your text\. Select a passage/ });
  await result.focus();
  await page.keyboard.press("Shift+F10");
  const tools = page.getByRole("toolbar", { name: "Change the selected passage" });
  await expect(tools.getByRole("button", { name: "Rephrase" })).toBeFocused();
  // The first block (the heading) is chosen; "Next paragraph" moves to the body's first.
  expect(await page.evaluate(() => getSelection()?.toString())).toBe(
    await result.locator("h3").first().textContent(),
  );
  await tools.getByRole("button", { name: "Next paragraph" }).focus();
  await page.keyboard.press("Enter");
  await expect(tools.getByRole("button", { name: "Rephrase" })).toBeFocused();
  const paragraph = (await result.locator("p").first().textContent())!;
  expect(await page.evaluate(() => getSelection()?.toString().trim())).toBe(paragraph);

  // Escape closes the toolbar and gives focus back to the text.
  await page.keyboard.press("Escape");
  await expect(tools).toBeHidden();
  await expect(result).toBeFocused();

  await page.keyboard.press("Shift+F10");
  await page.keyboard.press("ArrowRight");
  await expect(tools.getByRole("button", { name: "Shorter" })).toBeFocused();
  await page.keyboard.press("Enter");
  const keep = page.getByTestId("passage-review").getByRole("button", { name: "Keep" });
  await expect(keep).toBeFocused({ timeout: 20_000 });
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("version-kind")).toHaveText("Shortened a passage");
  await expect(result).not.toHaveText(before);
});

test("Ask… changes a passage as the person asks", async ({ page }) => {
  await writeGuestText(page);
  const result = page.getByTestId("result-text");
  const last = result.locator("p").last();
  const chosen = (await last.textContent())!;
  await last.selectText();
  const tools = page.getByRole("toolbar", { name: "Change the selected passage" });
  await tools.getByRole("button", { name: "Ask…" }).click();
  await tools.getByLabel("What should change in this passage?").fill("say it warmly");
  await tools.getByRole("button", { name: "Change it" }).click();
  const review = page.getByTestId("passage-review");
  await expect(review).toBeVisible({ timeout: 20_000 });
  const first = chosen.split(/\s+/).slice(0, 3).join(" ").replace(/\.$/, "");
  await expect(last).toHaveText(`Changed as asked (say it warmly): ${first}.`);
  await review.getByRole("button", { name: "Keep" }).click();
  await expect(page.getByTestId("version-kind")).toHaveText("Asked: say it warmly");
});

test("Ask for a change writes a new version of the whole text", async ({ page }) => {
  await writeGuestText(page);
  const ask = page.getByLabel("Ask for a change");
  await expect(page.getByTestId("ask-box")).toContainText("A new version of the whole text");
  await ask.fill("make the second paragraph warmer");
  await ask.press("Enter");
  await expect(page.getByRole("button", { name: "Regenerate" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("version-kind")).toHaveText(
    "Asked: make the second paragraph warmer",
  );
  await expect(page.getByTestId("version-count")).toHaveText("2/2");
  await expect(page.getByTestId("result-text").locator("h3").first()).toHaveText(/^Revised: /);
});

test("a text from the history opens in the writer, and a discarded change leaves no version", async ({
  page,
  accounts,
}) => {
  await accounts.register("passages", { verified: true });
  const written = await page.request.post("/api/email/generate", {
    headers: SAME_ORIGIN,
    data: {
      content: "A note to my team about the new rota.",
      language: "english",
      contentType: "email",
    },
  });
  expect(written.status()).toBe(200);
  const { generationId, content } = (await written.json()) as {
    generationId: string;
    content: string;
  };

  await page.goto("/profile");
  await page
    .getByRole("button", { name: /^Open "/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Change in the writer" }).click();
  await expect(page).toHaveURL(/\/#generator$/);
  const result = page.getByTestId("result-text");
  await expect(result.locator("h3").first()).toHaveText(
    content.split("\n")[0]!.replace(/^#\s*/, ""),
  );

  await result.locator("p").last().selectText();
  await page
    .getByRole("toolbar", { name: "Change the selected passage" })
    .getByRole("button", { name: "Simpler" })
    .click();
  const review = page.getByTestId("passage-review");
  await expect(review).toBeVisible({ timeout: 20_000 });
  const charged = Number(/(\d+) credits/.exec((await review.textContent())!)![1]);
  const balance = async () => {
    const response = await page.request.get("/api/credits/status");
    return ((await response.json()) as { credits: number }).credits;
  };
  const before = await balance();
  const history = async () => {
    const response = await page.request.get("/api/email/my");
    const { generations } = (await response.json()) as {
      generations: { id: string; refinements: { id: string; refinement: string }[] }[];
    };
    return generations.find((item) => item.id === generationId)!.refinements;
  };
  // Written and kept by the server as a version of its parent, until it is discarded.
  expect((await history()).map((item) => item.refinement)).toEqual(["simpler"]);
  await review.getByRole("button", { name: "Discard" }).click();
  await expect(review).toBeHidden();
  await expect.poll(history).toEqual([]);
  // What it wrote stays paid: Discard is no refund.
  expect(charged).toBeGreaterThanOrEqual(10);
  expect(await balance()).toBe(before);
});

test("the review bar comes into view after a change at the text's top, Keep focused", async ({
  page,
}) => {
  await page.goto("/");
  await (await generatorSelect(page, "Length")).selectOption("long");
  await writeText(page, "An email to my team about Friday.");
  const result = page.getByTestId("result-text");
  // The heading of a long text: the text below it runs far past the screen's bottom.
  await result.locator("h3").first().selectText();
  const tools = page.getByRole("toolbar", { name: "Change the selected passage" });
  await tools.getByRole("button", { name: "Shorter" }).click();
  const review = page.getByTestId("passage-review");
  await expect(review).toBeVisible({ timeout: 20_000 });
  await expect(review.getByRole("button", { name: "Keep" })).toBeFocused();
  await expect(review).toBeInViewport({ ratio: 1 });
});
