import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * Issue 45, item 2: what a person types before a form's script has run is kept. The
 * form's script is held back until the person has typed, as on a slow phone.
 */

/** Holds an island's script back until the returned function is called. */
async function holdScript(page: Page, island: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/_astro/${island}\\.[^/]*\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("typing into the feedback form before its script runs keeps the words", async ({ page }) => {
  const release = await holdScript(page, "FeedbackForm");
  await page.goto("/");
  const form = page.getByRole("form", { name: "Share your experience" });
  const name = page.locator("#feedback-name");
  await name.scrollIntoViewIfNeeded();
  await name.fill("Ada Lovelace");
  await page.locator("#feedback-content").fill("It wrote my cover letter in a minute.");
  await form.locator("label", { hasText: "4 stars" }).click();
  release();
  // Hydrated: the form's submit button is enabled by its script.
  await expect(form.getByRole("button", { name: "Submit Feedback" })).toBeEnabled();
  await expect(name).toHaveValue("Ada Lovelace");
  await expect(page.locator("#feedback-content")).toHaveValue(
    "It wrote my cover letter in a minute.",
  );
  await expect(form.getByRole("radio", { name: "4 stars" })).toBeChecked();
});

test("typing into the sign-in form before its script runs keeps the words", async ({ page }) => {
  const release = await holdScript(page, "LoginForm");
  await page.goto("/login");
  await page.getByLabel("Email").fill("ada@example.com");
  release();
  await expect(page.getByRole("button", { name: "Log In" })).toBeEnabled();
  await expect(page.getByLabel("Email")).toHaveValue("ada@example.com");
});
