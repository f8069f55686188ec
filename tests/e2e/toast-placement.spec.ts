import type { Locator, Page } from "@playwright/test";
import { expect, test, toast } from "./fixtures.ts";

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
