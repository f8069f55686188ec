import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, seriousAxeViolations, test } from "./fixtures.ts";

const run = promisify(execFile);

declare global {
  interface Window {
    /** The layout shifts no input caused, added up (the approved-card test). */
    __moved: number;
  }
}

type LayoutShift = PerformanceEntry & { value: number; hadRecentInput: boolean };

test("a visitor shares feedback with the keyboard only; once approved it shows, inert, on the home page", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const name = `Kim ${Date.now().toString(36)} <b>Bold</b>`;
  const content = `Wrote my cover letter in seconds <img src=x onerror="window.__xss=1"> and it read well.`;

  await page.goto("/");
  const form = page.getByRole("form", { name: "Share your experience" });
  await form.scrollIntoViewIfNeeded();
  // Typing before hydration would be lost; the button is enabled once the island is live.
  await expect(form.getByRole("button", { name: "Submit Feedback" })).toBeEnabled();

  await form.getByLabel("Name").focus();
  await page.keyboard.type(name);
  await page.keyboard.press("Tab");
  await page.keyboard.type("Teacher");
  await page.keyboard.press("Tab"); // into the rating group
  await page.keyboard.press("Space"); // 1 star
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight"); // 4 stars
  await expect(form.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.type(content);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");

  await expect(form.getByText(/^Thank you for your feedback!/)).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("");
  expect(await seriousAxeViolations(page, "#share-experience")).toEqual([]);

  const env = {
    PATH: process.env.PATH ?? "",
    MODERATION_URL: baseURL!,
    MODERATION_TOKEN: "e2e-moderation-token-0001",
  };
  const { stdout } = await run(process.execPath, ["scripts/moderate.ts", "list"], { env });
  const idLine = stdout.split("\n\n").find((block) => block.includes(name));
  const id = idLine?.split(/\s+/)[0];
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await run(process.execPath, ["scripts/moderate.ts", "approve", id!], { env });

  // The page as a visitor opens it, at its top: the approved card arrives while the page is
  // idle, before anyone scrolls that far, and after the built-in ones; nothing shown moves.
  await page.addInitScript(() => {
    window.__moved = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (!entry.hadRecentInput) window.__moved += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  // A new visit, not a reload: a reload would bring back the scroll to the form.
  await page.goto("/");
  const section = page.locator("#testimonials");
  const card = section.getByRole("listitem").filter({ hasText: name });
  await expect(card).toHaveCount(1);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const cards = await section.getByRole("listitem").allTextContents();
  expect(cards.findIndex((text) => text.includes(name))).toBeGreaterThanOrEqual(3);
  // A frame and a task later, every shift so far has been reported.
  const moved = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => setTimeout(() => resolve(window.__moved))),
      ),
  );
  expect(moved).toBeLessThanOrEqual(0.001);
  await section.scrollIntoViewIfNeeded();
  await expect(card).toBeVisible();
  await expect(card).toContainText("Teacher");
  await expect(card).toContainText(content);
  await expect(card.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
  await expect(card.locator("b, img")).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
  ).toBeUndefined();
  // The three built-in testimonials are still there (other tests may add theirs).
  expect(await section.getByRole("listitem").count()).toBeGreaterThanOrEqual(4);
  expect(await seriousAxeViolations(page, "#testimonials")).toEqual([]);
});

test("the feedback form asks for the missing fields", async ({ page }) => {
  await page.goto("/");
  const form = page.getByRole("form", { name: "Share your experience" });
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByRole("button", { name: "Submit Feedback" })).toBeEnabled();
  await form.getByLabel("Name").fill("Ada");
  await form.getByRole("button", { name: "Submit Feedback" }).click();
  await expect(
    form.getByText("Please provide your name, feedback content, and rating."),
  ).toBeVisible();
});
