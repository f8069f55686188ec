import type { Page } from "@playwright/test";
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";
import { expect, seriousAxeViolations, settledText, test } from "./fixtures.ts";

/**
 * Issue 26, items 1 and 5: "Start from your text": a pasted or opened text becomes the
 * first version on the desk, "Your text", that the passage tools change like any text; a
 * file that is not text, or too large, says so and changes nothing.
 */

const OWN = [
  "Dear neighbours,",
  "The heating in our building has been broken since Monday.",
  "Please join the meeting on Friday at six in the hall.",
].join("\n\n");

/** Opens "Start from your text" on the home page; gives the dialog. */
async function openOwnText(page: Page) {
  await page.getByRole("button", { name: "Start from your text" }).click();
  const dialog = page.getByRole("dialog", { name: "Start from your text" });
  await expect(dialog.getByLabel("Your text", { exact: true })).toBeFocused();
  return dialog;
}

/** Opens `file` through "Open a file", as a person picks one. */
async function openFile(
  page: Page,
  dialog: ReturnType<Page["getByRole"]>,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Open a file" }).click();
  await (await chooser).setFiles(file);
}

/** Pastes `text` and keeps it; gives the desk's text once shown. */
async function useOwnText(page: Page, text: string): Promise<string> {
  const dialog = await openOwnText(page);
  await dialog.getByLabel("Your text", { exact: true }).fill(text);
  await dialog.getByRole("button", { name: "Use this text" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator("[data-model='own']")).toHaveText("Your text");
  return settledText(page);
}

test("past 6,000 characters the dialog says so with the count, and sends nothing", async ({
  page,
}) => {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/email/own")) sent.push(request.url());
  });
  await page.goto("/");
  const dialog = await openOwnText(page);
  expect(await seriousAxeViolations(page, "dialog")).toEqual([]);
  const box = dialog.getByLabel("Your text", { exact: true });
  await box.fill("x".repeat(6001));
  await expect(dialog.getByRole("alert")).toHaveText(
    /Your text has 6,001 characters; the most is 6,000/,
  );
  // Nothing cut.
  await expect(box).toHaveValue("x".repeat(6001));
  expect(await seriousAxeViolations(page, "dialog")).toEqual([]);
  await dialog.getByRole("button", { name: "Use this text" }).click();
  await expect(box).toBeFocused();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("result-text")).toHaveCount(0);
  expect(sent).toEqual([]);
});

test("a pasted text becomes 'Your text' on the desk, and a passage tool changes it", async ({
  page,
}) => {
  await page.goto("/");
  const shown = await useOwnText(page, OWN);
  expect(shown.replace(/\s+/g, " ").trim()).toBe(OWN.replace(/\s+/g, " "));
  // Nothing to regenerate: no writer was asked for it.
  await expect(page.getByRole("button", { name: "Regenerate" })).toHaveCount(0);

  const result = page.getByTestId("result-text");
  const last = result.locator("p").last();
  const chosen = (await last.textContent())!;
  await last.selectText();
  const tools = page.getByRole("toolbar", { name: "Change the selected passage" });
  await tools.getByRole("button", { name: "Rephrase" }).click();
  const review = page.getByTestId("passage-review");
  await expect(review).toBeVisible({ timeout: 20_000 });
  await review.getByRole("button", { name: "Keep" }).click();
  await expect(page.getByTestId("version-kind")).toHaveText("Rephrased a passage");
  // The fake writer answers "Rewritten: <the passage's first three words>."
  const firstWords = chosen.split(/\s+/).slice(0, 3).join(" ");
  await expect(result).toContainText(`Rewritten: ${firstWords.replace(/[.!?]$/, "")}.`);
  await page.getByRole("button", { name: "Previous version" }).click();
  await expect(page.getByTestId("version-kind")).toHaveText("Your text");
  await expect(result).toContainText(chosen);
});

test("a .docx with a heading, a list and bold opens as Markdown and shows as such", async ({
  page,
}) => {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: "Quarterly plan", heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: "Hire two people", bullet: { level: 0 } }),
          new Paragraph({ text: "Open the Izmir office", bullet: { level: 0 } }),
          new Paragraph({
            children: [
              new TextRun("The budget is "),
              new TextRun({ text: "fixed", bold: true }),
              new TextRun(" until June."),
            ],
          }),
        ],
      },
    ],
  });
  const buffer = await Packer.toBuffer(document);
  await page.goto("/");
  const dialog = await openOwnText(page);
  await openFile(page, dialog, {
    name: "plan.docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer,
  });
  const box = dialog.getByLabel("Your text", { exact: true });
  await expect(dialog.getByRole("status")).toHaveText("plan.docx opened.");
  await expect(box).toHaveValue(/^# Quarterly plan$/m);
  await expect(box).toHaveValue(/^[-*] Hire two people$/m);
  await expect(box).toHaveValue(/^[-*] Open the Izmir office$/m);
  await expect(box).toHaveValue(/The budget is \*\*fixed\*\* until June\./);
  await dialog.getByRole("button", { name: "Use this text" }).click();
  await expect(dialog).toBeHidden();
  const result = page.getByTestId("result-text");
  await expect(result.getByRole("heading", { name: "Quarterly plan" })).toBeVisible();
  await expect(result.getByRole("listitem")).toHaveText([
    "Hire two people",
    "Open the Izmir office",
  ]);
  await expect(result.locator("strong")).toHaveText("fixed");
});

test("a binary file named .txt, and a file over 2 MB, say why and change nothing", async ({
  page,
}) => {
  await page.goto("/");
  const shown = await useOwnText(page, OWN);
  const dialog = await openOwnText(page);
  const box = dialog.getByLabel("Your text", { exact: true });
  await box.fill("A draft I am still writing.");

  // A PNG's first bytes: its signature holds a NUL, as images do.
  const png = Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f,
  ]);
  await openFile(page, dialog, { name: "photo.txt", mimeType: "text/plain", buffer: png });
  await expect(dialog.getByRole("alert")).toHaveText(/photo\.txt is not a text file/);
  await expect(box).toHaveValue("A draft I am still writing.");

  const big = Buffer.alloc(2 * 1024 * 1024 + 1, "a");
  await openFile(page, dialog, { name: "big.txt", mimeType: "text/plain", buffer: big });
  await expect(dialog.getByRole("alert")).toHaveText(
    "big.txt is 2.1 MB; a file may be 2 MB at most. Nothing was read.",
  );
  await expect(box).toHaveValue("A draft I am still writing.");

  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(await settledText(page)).toBe(shown);
  await expect(page.locator("[data-model='own']")).toHaveText("Your text");
});
