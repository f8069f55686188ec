import type { Locator, Page } from "@playwright/test";
import { expect, seriousAxeViolations, test, useTheme } from "./fixtures.ts";

/** More Tab presses than any page has controls before the one a test looks for. */
const MAX_TABS = 60;

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** Presses Tab until `target` has focus; fails after MAX_TABS presses. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < MAX_TABS; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  expect(await isFocused(target), `Tab reaches the control within ${MAX_TABS} presses`).toBe(true);
}

/** WCAG 2.2, 2.4.13: the focused control shows an outline at least 2 px wide. */
async function expectVisibleRing(control: Locator): Promise<void> {
  const ring = await control.evaluate((element) => {
    const style = getComputedStyle(element);
    return { width: parseFloat(style.outlineWidth), style: style.outlineStyle };
  });
  expect(ring.style).not.toBe("none");
  expect(ring.width).toBeGreaterThanOrEqual(2);
}

test("Tab reaches the prompt with a visible ring", async ({ page }) => {
  await page.goto("/");
  const prompt = page.getByLabel("Describe the text you want");
  await prompt.waitFor();
  await tabTo(page, prompt);
  await expectVisibleRing(prompt);
});

test("every control of the sign-in form shows a ring when Tab reaches it", async ({ page }) => {
  await page.goto("/login");
  const form = page.getByRole("main").locator("form");
  await form.getByRole("button", { name: "Log In" }).waitFor();
  for (const control of [
    form.getByLabel("Email"),
    form.getByLabel("Password"),
    form.getByRole("link", { name: "Forgot your password?" }),
  ]) {
    await tabTo(page, control);
    await expectVisibleRing(control);
  }
});

test.describe("axe on every page", () => {
  test.use({ expectedConsole: [/status of 404/] });

  const signedOutPages = [
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password?token=not-a-real-token",
    "/credits",
    "/no-such-page",
  ];

  for (const theme of ["light", "dark"] as const) {
    for (const path of signedOutPages) {
      test(`${path} has no serious axe finding in ${theme} mode`, async ({ page }) => {
        await useTheme(page, theme);
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.locator("html")).toHaveClass(
          theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/,
        );
        await page.waitForLoadState("networkidle");
        expect(await seriousAxeViolations(page)).toEqual([]);
      });
    }

    test(`/profile, signed in, has no serious axe finding in ${theme} mode`, async ({
      page,
      accounts,
    }) => {
      await useTheme(page, theme);
      const email = await accounts.register(`axe-profile-${theme}`, { verified: true });
      await page.goto("/profile");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("main").getByText(email).first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await seriousAxeViolations(page)).toEqual([]);
    });

    test(`/ with the unverified reminder open has no serious axe finding in ${theme} mode`, async ({
      page,
      accounts,
    }) => {
      await useTheme(page, theme);
      await accounts.register(`axe-home-${theme}`);
      await page.goto("/");
      await expect(page.getByRole("dialog", { name: "Verify your email" })).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
});
