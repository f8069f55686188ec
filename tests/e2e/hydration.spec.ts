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

test("typing into a use case's form before its script runs keeps the words, the focus and the caret", async ({
  page,
}) => {
  // The island's own module: its form and fields mount once it has loaded.
  const release = await holdScript(page, "UseCasePageForm");
  await page.goto("/write/cold-outreach-email");
  const island = page.getByRole("form", { name: "Text generator" });
  const recipient = page.getByLabel("Who you are writing to");
  const offer = page.getByLabel("What you offer");
  const extra = page.getByLabel("Anything else the writer should know (optional)");
  await recipient.fill("Head of Operations at Swiftline");
  await page.getByLabel("The next step you ask for").selectOption("demo");
  await extra.fill("Mention our Berlin office.");
  await offer.fill("Route planning");
  // The caret after "Route", where the person went back to add a word.
  await offer.evaluate((box: HTMLTextAreaElement) => box.setSelectionRange(5, 5));
  // All of it typed into the page as it was built: the island has not mounted.
  await expect(island).toHaveCount(0);
  await expect(offer).toHaveAttribute("name", "offer");

  release();
  await expect(island).toBeVisible();
  await expect(recipient).toHaveValue("Head of Operations at Swiftline");
  await expect(page.getByLabel("The next step you ask for")).toHaveValue("demo");
  await expect(extra).toHaveValue("Mention our Berlin office.");
  await expect(offer).toHaveValue("Route planning");
  await expect(page.getByText("14 / 1,000")).toBeVisible();
  await expect(offer).toBeFocused();
  await page.keyboard.type(" and re-planning");
  await expect(offer).toHaveValue("Route and re-planning planning");
});
