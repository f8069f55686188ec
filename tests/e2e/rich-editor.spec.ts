import type { Page } from "@playwright/test";
import { expect, seriousAxeViolations, test } from "./fixtures.ts";

/** Issue 20: Edit shows the text as it reads, and saves it as Markdown. */

/** Written in the Markdown switch: `*` bullets and an unpadded table, as a model writes them. */
const FORMATTED = [
  "# Plan",
  "",
  "A **bold** word and an *italic* one, with [a link](https://example.com/).",
  "",
  "* first point",
  "* second point",
  "",
  "| Item | Cost |",
  "| --- | --- |",
  "| Tea | 3 |",
].join("\n");

/** The text each test writes first, to open in the editor. */
const PLAN = "A plan for the team's week.";

const editButton = (page: Page) => page.getByRole("button", { name: "Edit", exact: true });
const richEditor = (page: Page) => page.getByRole("textbox", { name: /^Edit the text\./ });
const markdownBox = (page: Page) =>
  page.getByRole("textbox", { name: /^Edit the text's Markdown/ });
const markdownSwitch = (page: Page) => page.getByRole("button", { name: "Markdown", exact: true });

/** Edit → Markdown switch → these words → Save: a version with exactly this Markdown. */
async function saveAsMarkdown(page: Page, markdown: string): Promise<void> {
  await editButton(page).click();
  await markdownSwitch(page).click();
  await markdownBox(page).fill(markdown);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("version-kind")).toHaveText("Edited");
}

/** The shown version's Markdown, read in the Markdown switch; the editor closes again. */
async function shownMarkdown(page: Page): Promise<string> {
  await editButton(page).click();
  if ((await markdownSwitch(page).getAttribute("aria-pressed")) !== "true") {
    await markdownSwitch(page).click();
  }
  const markdown = await markdownBox(page).inputValue();
  await markdownBox(page).press("Escape");
  await expect(markdownBox(page)).toBeHidden();
  return markdown;
}

test("Edit shows the text formatted; a change is saved as Markdown with its marks", async ({
  page,
  accounts,
}) => {
  // A text to write, an axe scan and a save: more than 30 s on a busy two-core machine.
  test.slow();
  await accounts.writeFirstText("rich-editor", PLAN);

  // The written text's "# Title" is a heading in the editor, which has the focus.
  await editButton(page).click();
  const editor = richEditor(page);
  await expect(editor).toBeFocused();
  await expect(editor).toHaveAttribute("aria-multiline", "true");
  await expect(editor.getByRole("heading").first()).toBeVisible();
  expect(await seriousAxeViolations(page, "#result")).toEqual([]);

  // The Markdown switch shows the raw Markdown and carries changes both ways.
  await markdownSwitch(page).click();
  await expect(markdownSwitch(page)).toHaveAttribute("aria-pressed", "true");
  await expect(editor).toBeHidden();
  await expect(markdownBox(page)).toHaveValue(/^# /);
  await markdownBox(page).fill(FORMATTED);
  await markdownSwitch(page).click();
  await expect(markdownSwitch(page)).toHaveAttribute("aria-pressed", "false");
  await expect(editor.getByRole("heading", { name: "Plan" })).toBeVisible();
  await expect(editor.locator("strong")).toHaveText("bold");
  await expect(editor.locator("em")).toHaveText("italic");
  await expect(editor.getByRole("link", { name: "a link" })).toHaveAttribute(
    "href",
    "https://example.com/",
  );
  await expect(editor.getByRole("listitem")).toHaveText(["first point", "second point"]);
  await expect(editor.getByRole("columnheader")).toHaveText(["Item", "Cost"]);

  // Typing, undone and redone with the usual keys.
  const first = editor.getByRole("listitem").first();
  await first.click();
  await page.keyboard.press("End");
  await page.keyboard.insertText(" (changed)");
  await expect(first).toHaveText("first point (changed)");
  await editor.press("Control+z");
  await expect(first).toHaveText("first point");
  await editor.press("Control+Shift+z");
  await expect(first).toHaveText("first point (changed)");
  await editor.press("Control+z");
  await expect(first).toHaveText("first point");
  await editor.press("Control+y");
  await expect(first).toHaveText("first point (changed)");

  // Ctrl+Enter saves: a new version whose Markdown keeps every mark.
  await editor.press("Control+Enter");
  await expect(page.getByTestId("version-kind")).toHaveText("Edited");
  await expect(editor).toBeHidden();
  await expect(page.getByTestId("result-text").locator("strong")).toHaveText("bold");
  expect(await shownMarkdown(page)).toBe(
    [
      "# Plan",
      "",
      "A **bold** word and an *italic* one, with [a link](https://example.com/).",
      "",
      "- first point (changed)",
      "- second point",
      "",
      "| Item | Cost |",
      "| ---- | ---- |",
      "| Tea  | 3    |",
    ].join("\n"),
  );
});

test("an unchanged text is not rewritten: Escape and Save close without a new version", async ({
  page,
  accounts,
}) => {
  test.slow();
  await accounts.writeFirstText("rich-unchanged", PLAN);
  await saveAsMarkdown(page, FORMATTED);
  await expect(page.getByTestId("version-count")).toHaveText("2/2");
  const question = page.getByRole("dialog", { name: "Discard your changes?" });

  // Opened in the rich editor (the switch is off again), typed in and undone: no change.
  await editButton(page).click();
  if ((await markdownSwitch(page).getAttribute("aria-pressed")) === "true") {
    await markdownSwitch(page).click();
  }
  const editor = richEditor(page);
  await expect(editor.locator("strong")).toHaveText("bold");
  await editor.getByRole("heading", { name: "Plan" }).click();
  await page.keyboard.press("Home");
  await page.keyboard.insertText("Hello ");
  await expect(editor).toContainText("Hello Plan");
  await editor.press("Control+z");
  await expect(editor).not.toContainText("Hello");
  await editor.press("Escape");
  await expect(question).toBeHidden();
  await expect(editor).toBeHidden();
  await expect(editButton(page)).toBeFocused();

  // Save without a change closes the editor; no version is added.
  await editButton(page).click();
  await expect(editor).toBeFocused();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(editor).toBeHidden();
  await expect(editButton(page)).toBeFocused();
  await expect(page.getByTestId("version-count")).toHaveText("2/2");
  // The Markdown is as it was written: `*` bullets, the table unpadded.
  expect(await shownMarkdown(page)).toBe(FORMATTED);
});
