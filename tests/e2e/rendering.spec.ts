import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, generatorSelect, test, toast } from "./fixtures.ts";

/** Writes one text as a guest through the form and waits until it is finished. */
async function writeText(page: Page, prompt: string, contentType = "essay"): Promise<void> {
  await page.goto("/");
  await (await generatorSelect(page, "Content type")).selectOption(contentType);
  await page.getByLabel("Describe the text you want").fill(prompt);
  await page.getByRole("button", { name: "Generate Text" }).click();
  await expect(page.getByRole("button", { name: "Regenerate" })).toBeVisible({ timeout: 20_000 });
}

const result = (page: Page) => page.getByTestId("result-text");

test.describe(() => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("an essay's headings render as headings and Copy yields plain text and HTML", async ({
    page,
  }) => {
    await writeText(page, "An essay about the history of the bicycle.");
    const heading = result(page).getByRole("heading", { level: 3 });
    await expect(heading).toHaveText("the history of the bicycle");
    await expect(result(page)).not.toContainText("# ");
    // The text's title sits under the panel's heading: the page keeps its one <h1>.
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

    await page.getByRole("button", { name: "Copy" }).click();
    await expect(toast(page, "Text copied to clipboard!")).toBeVisible();
    const clipboard = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      const read = async (type: string) =>
        item.types.includes(type) ? await (await item.getType(type)).text() : null;
      return { plain: await read("text/plain"), html: await read("text/html") };
    });
    expect(clipboard.plain).toMatch(/^the history of the bicycle\n\nThis part of the text/);
    expect(clipboard.html).toContain("<h1>the history of the bicycle</h1>");
  });
});

test("raw HTML in a text is shown as text, never as markup", async ({ page }) => {
  await writeText(page, 'An essay about <img src="x" data-injected="yes"> and bridges.');
  await expect(result(page).getByRole("heading", { level: 3 })).toContainText("<img");
  await expect(page.locator("[data-injected]")).toHaveCount(0);
});

test("a .docx download opens as a Word file", async ({ page }) => {
  await writeText(page, "An essay about the history of the bicycle.");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download .docx" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("the-history-of-the-bicycle.docx");
  // A .docx is a zip whose body is word/document.xml.
  const documentXml = execFileSync("unzip", ["-p", (await file.path())!, "word/document.xml"], {
    encoding: "utf8",
  });
  expect(documentXml).toContain("the history of the bicycle");
  expect(documentXml).toContain("This part of the text is about");
});

test("a .txt download is plain text, without Markdown marks", async ({ page }) => {
  await writeText(page, "An essay about the history of the bicycle.");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download .txt" }).click();
  const text = await readFile((await (await download).path())!, "utf8");
  expect(text).toMatch(/^the history of the bicycle\n\nThis part of the text is about/);
});

test("an Arabic result is right to left", async ({ page }) => {
  await page.goto("/");
  await (await generatorSelect(page, "Language")).selectOption("arabic");
  await page.getByLabel("Describe the text you want").fill("رسالة إلى جاري عن الحديقة المشتركة");
  await page.getByRole("button", { name: "Generate Text" }).click();
  await expect(page.getByRole("button", { name: "Regenerate" })).toBeVisible({ timeout: 20_000 });
  await expect(result(page)).toHaveAttribute("dir", "rtl");
  await expect(result(page)).toHaveAttribute("lang", "ar");
  await expect(result(page)).toHaveCSS("direction", "rtl");
  // What the user types runs in its own direction.
  await expect(page.getByLabel("Describe the text you want")).toHaveAttribute("dir", "auto");

  // The Word file keeps the script and the direction.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download .docx" }).click();
  const path = (await (await download).path())!;
  const part = (name: string) => execFileSync("unzip", ["-p", path, name], { encoding: "utf8" });
  const body = part("word/document.xml");
  expect(body).toContain("الحديقة المشتركة");
  expect(body).toContain("<w:bidi/>");
});

test("Print shows the text alone", async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
  await writeText(page, "An essay about the history of the bicycle.");
  await page.getByRole("button", { name: "Print" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  await page.emulateMedia({ media: "print" });
  const printed = page.locator("#print-root");
  await expect(printed.getByRole("heading", { level: 3 })).toHaveText("the history of the bicycle");
  // Nothing else takes room on the page: no blank pages where the rest of it was.
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("main")).toBeHidden();
  // At full length, not cut to the panel's scroll height.
  await expect(printed.locator(".rendered-text")).toHaveCSS("max-height", "none");
});
