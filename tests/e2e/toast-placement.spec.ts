import { inflateSync } from "node:zlib";
import type { Locator, Page } from "@playwright/test";
import { expect, generatorSelect, test, toast } from "./fixtures.ts";

/**
 * Issue 30: the toast that follows a text never stands over Generate (at 1280×1000 it
 * used to, from the bottom left of the form's column), at the suites' viewports.
 */
const PROMPT = "Write an email to my landlord about the broken heating.";

async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) throw new Error("both must be on screen");
  return (
    one.x < two.x + two.width &&
    two.x < one.x + one.width &&
    one.y < two.y + two.height &&
    two.y < one.y + one.height
  );
}

/** One pixel of the screen, as drawn: a 1×1 PNG's red, green and blue. */
async function pixelAt(page: Page, x: number, y: number): Promise<number[]> {
  const png = await page.screenshot({ clip: { x, y, width: 1, height: 1 }, scale: "css" });
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString("latin1", at + 4, at + 8) === "IDAT")
      idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  // One row of one pixel: whatever its filter, the bytes after it are the pixel's own.
  return [...inflateSync(Buffer.concat(idat)).subarray(1, 4)];
}

async function generateAndMeasure(page: Page): Promise<boolean> {
  await page.goto("/");
  await page.getByLabel("Describe the text you want").fill(PROMPT);
  const generate = page.getByRole("button", { name: "Generate Text" });
  await generate.click();
  const shown = toast(page, "Email generated using llama3.2.");
  await expect(shown).toBeVisible();
  await expect(generate).toBeEnabled();
  // The toast's whole card, not only its title.
  const card = page.getByRole("region", { name: "Notifications" }).getByRole("listitem");
  await generate.scrollIntoViewIfNeeded();
  // Scrolling moves the toast where it belongs; measure once it has.
  await expect.poll(() => overlaps(card, generate)).toBe(false);
  return overlaps(card, generate);
}

test("the toast after a text leaves Generate uncovered", async ({ page }) => {
  expect(await generateAndMeasure(page)).toBe(false);
});

test("at 1280×1000 the toast leaves Generate uncovered", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "a desktop viewport");
  await page.setViewportSize({ width: 1280, height: 1000 });
  expect(await generateAndMeasure(page)).toBe(false);
});

test("a toast shown while a dialog is open stands above the dialog and its backdrop", async ({
  page,
  accounts,
}) => {
  await accounts.startAtHome("toast-over-dialog", { verified: true });
  await generatorSelect(page, "Voice");
  await page.getByRole("button", { name: "Manage voices" }).click();
  const dialog = page.getByRole("dialog", { name: "Your voices" });
  await dialog.getByLabel("Name", { exact: true }).fill("Plain me");
  await dialog.getByLabel("How you write").fill("Short sentences, first names.");
  await dialog.getByLabel("A sample of your writing").fill("Quick update: the build is green.");
  await dialog.getByRole("button", { name: "Save voice" }).click();
  await expect(toast(page, "Voice saved")).toBeVisible();
  await expect(dialog).toBeVisible();
  // The card's own near-white, not dimmed by the backdrop it would otherwise sit under.
  const card = page.getByRole("region", { name: "Notifications" }).getByRole("listitem");
  const box = (await card.boundingBox())!;
  const [red, green, blue] = await pixelAt(page, box.x + box.width / 2, box.y + 4);
  expect(Math.min(red, green, blue)).toBeGreaterThan(200);
});
