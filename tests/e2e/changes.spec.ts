import type { Page } from "@playwright/test";
import { expect, seriousAxeViolations, test, toast, writeText } from "./fixtures.ts";

/**
 * Issue 26, "See what changed": a version against the text it came from, word by word,
 * each change accepted or rejected, and what is accepted kept as the next version. The
 * fake writer's "Fix grammar" corrects known mistakes (tests/e2e/serve.ts): "teh" → "the",
 * "dont" → "don't", "recieve" → "receive", "that " added, "very " removed.
 */

/** The heading the fake writer gives the text: the description's subject. */
const MISTAKES = "teh report we dont often recieve very very late";
const FIXED = "the report that we don't often receive very late";

/** Writes a text whose heading has the mistakes, fixes the heading's grammar, keeps it. */
async function fixHeadingGrammar(page: Page): Promise<string> {
  await page.goto("/");
  const before = await writeText(page, `A note about ${MISTAKES}.`);
  const result = page.getByTestId("result-text");
  await expect(result.locator("h3").first()).toHaveText(MISTAKES);
  await result.locator("h3").first().selectText();
  const tools = page.getByRole("toolbar", { name: "Change the selected passage" });
  await tools.getByRole("button", { name: "Fix grammar and spelling" }).click();
  const review = page.getByTestId("passage-review");
  await expect(review).toBeVisible({ timeout: 20_000 });
  await review.getByRole("button", { name: "Keep" }).click();
  await expect(result.locator("h3").first()).toHaveText(FIXED);
  return before;
}

test("a passage's grammar fix shows its changes; the accepted ones become a version", async ({
  page,
}) => {
  // A text, a passage change, an axe run and a saved version: on a loaded machine, slow.
  test.slow();
  const before = await fixHeadingGrammar(page);
  await page.getByRole("button", { name: "Show changes" }).click();

  const view = page.getByTestId("changes-view");
  await expect(view.getByRole("heading", { name: "What changed" })).toBeFocused();
  await expect(view).toContainText("Compared with the version before it");
  const text = view.getByRole("region", { name: "The text with its changes" });
  // Insertions underlined and deletions struck through, each named for screen readers.
  await expect(text.locator("del")).toHaveText([
    "Removed: teh",
    "Removed: dont",
    "Removed: recieve",
    "Removed: very",
  ]);
  await expect(text.locator("ins")).toHaveText([
    "Added: the",
    "Added: that",
    "Added: don't",
    "Added: receive",
  ]);
  await expect(text.locator("del").first()).toHaveCSS("text-decoration-line", "line-through");
  await expect(text.locator("ins").first()).toHaveCSS("text-decoration-line", "underline");
  await expect(view.getByTestId("changes-summary")).toContainText("5 changes");

  // Reject one, by the keyboard; accept the rest.
  const reject = view.getByRole("button", { name: "Reject change 3: “dont” to “don't”" });
  await reject.focus();
  await page.keyboard.press("Enter");
  await expect(reject).toHaveAttribute("aria-pressed", "true");
  for (const name of [
    "Accept change 1: “teh” to “the”",
    "Accept change 2: add “that”",
    "Accept change 4: “recieve” to “receive”",
    "Accept change 5: remove “very”",
  ]) {
    await view.getByRole("button", { name }).click();
  }
  await expect(view.getByTestId("changes-summary")).toContainText(
    "accepted: 4 · rejected: 1 · not decided: 0",
  );
  expect(await seriousAxeViolations(page, '[data-testid="changes-view"]')).toEqual([]);
  await view.getByRole("button", { name: "Keep these changes" }).click();

  await expect(view).toBeHidden();
  await expect(page.getByTestId("version-kind")).toHaveText("Edited");
  await expect(page.getByTestId("version-count")).toHaveText("3/3");
  const result = page.getByTestId("result-text");
  const kept = "the report that we dont often receive very late";
  await expect(result.locator("h3").first()).toHaveText(kept);
  // Nothing else of the text changed.
  await expect(result).toHaveText(before.replace(MISTAKES, kept));
});

test("Accept all keeps the version as it is; Reject all shows the one before", async ({ page }) => {
  test.slow();
  const before = await fixHeadingGrammar(page);
  const result = page.getByTestId("result-text");
  const view = page.getByTestId("changes-view");

  await page.getByRole("button", { name: "Show changes" }).click();
  await view.getByRole("button", { name: "Accept all" }).click();
  await expect(view.getByTestId("changes-summary")).toContainText("accepted: 5");
  await view.getByRole("button", { name: "Keep these changes" }).click();
  await expect(
    toast(page, "Every change is already in this version: nothing new to save."),
  ).toBeVisible();
  await expect(view).toBeHidden();
  await expect(page.getByTestId("version-count")).toHaveText("2/2");

  await page.getByRole("button", { name: "Show changes" }).click();
  await view.getByRole("button", { name: "Reject all" }).click();
  await view.getByRole("button", { name: "Keep these changes" }).click();
  await expect(view).toBeHidden();
  await expect(
    toast(page, "You rejected every change: the version before is shown."),
  ).toBeVisible();
  await expect(page.getByTestId("version-count")).toHaveText("1/2");
  await expect(result).toHaveText(before);
});

/** A short note with the mistakes the fake writer's Fix grammar corrects. */
const NOTE = "Hi Sarah,\n\nteh report we dont often recieve is very very late.\n\nBest,\nAli";

test("Fix grammar opens on its changes; the accepted ones become the next version", async ({
  page,
}) => {
  test.slow();
  await page.goto("/write/fix-grammar");
  // No length to choose: a tool's length is its own.
  await expect(page.locator("#generator-length")).toHaveCount(0);
  await page.getByRole("textbox", { name: "Your text", exact: true }).fill(NOTE);
  await page.getByRole("button", { name: "Generate Text" }).click();

  const view = page.getByTestId("changes-view");
  await expect(view.getByRole("heading", { name: "What changed" })).toBeFocused({
    timeout: 30_000,
  });
  await expect(view).toContainText("Compared with your text");
  const text = view.getByRole("region", { name: "The text with its changes" });
  await expect(text.locator("del")).toHaveText([
    "Removed: teh",
    "Removed: dont",
    "Removed: recieve",
    "Removed: very",
  ]);
  await expect(text.locator("ins")).toHaveText([
    "Added: the",
    "Added: that",
    "Added: don't",
    "Added: receive",
  ]);

  await view.getByRole("button", { name: "Accept all" }).click();
  await view.getByRole("button", { name: "Reject change 4: “recieve” to “receive”" }).click();
  await expect(view.getByTestId("changes-summary")).toContainText(
    "accepted: 4 · rejected: 1 · not decided: 0",
  );
  await view.getByRole("button", { name: "Keep these changes" }).click();

  await expect(view).toBeHidden();
  await expect(page.getByTestId("version-kind")).toHaveText("Edited");
  const result = page.getByTestId("result-text");
  await expect(result.locator("p").nth(1)).toHaveText(
    "the report that we don't often recieve is very late.",
  );
  await expect(result.locator("p").first()).toHaveText("Hi Sarah,");
});

test("a tool's text past 6,000 characters says so with its count, and is not sent", async ({
  page,
}) => {
  await page.goto("/write/fix-grammar");
  const field = page.getByRole("textbox", { name: "Your text", exact: true });
  // The tool's text is the own-text box: pasted, or opened from a file.
  await expect(page.getByRole("button", { name: "Open a file" })).toBeVisible();
  await field.fill("a".repeat(6_010));
  // Nothing cut: the whole paste is there, and counted.
  await expect(field).toHaveValue("a".repeat(6_010));
  await expect(page.getByText("6,010 / 6,000 characters")).toBeVisible();
  await expect(
    page.getByText("Your text has 6,010 characters; the most is 6,000 (about 1,000 words)."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Generate Text" }).click();
  await expect(
    page.getByText("Please keep your text to 6,000 characters (about 1,000 words)."),
  ).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("result-text")).toHaveCount(0);
});
