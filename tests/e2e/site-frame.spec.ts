import { expect, isPhone, test } from "./fixtures.ts";

test("the theme switch applies dark mode and keeps it across a reload", async ({ page }) => {
  await page.goto("/about");
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).not.toHaveClass(/theme-switching/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.goto("/contact");
  await expect(html).toHaveClass(/\bdark\b/);

  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test("the dark theme is applied before first paint", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  // Stop at the first parse of <html>: the inline head script has already run by then.
  await page.goto("/about", { waitUntil: "commit" });
  await page.waitForSelector("body", { state: "attached" });
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
});

test("the mobile menu opens, lists the links and closes when a link is chosen", async ({
  page,
}) => {
  test.skip(!isPhone(page), "the menu button exists on small screens only");
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Open menu" });
  const menu = page.locator("#mobile-menu");
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");

  await toggle.click();
  await expect(menu).toBeVisible();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );

  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();

  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("link", { name: "About Us" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator("#mobile-menu")).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
});

test("the mobile menu closes on an outside tap and its button shows ✕ while open", async ({
  page,
}) => {
  test.skip(!isPhone(page), "the menu button exists on small screens only");
  await page.goto("/about");
  const menu = page.locator("#mobile-menu");
  const open = page.getByRole("button", { name: "Open menu" });
  await expect(open.locator('[data-icon="menu"]')).toBeVisible();
  await expect(open.locator('[data-icon="close"]')).toBeHidden();

  await open.tap();
  await expect(menu).toBeVisible();
  const close = page.getByRole("button", { name: "Close menu" });
  await expect(close.locator('[data-icon="close"]')).toBeVisible();
  await expect(close.locator('[data-icon="menu"]')).toBeHidden();

  // A tap inside the menu, away from its links, leaves it open.
  await menu.tap({ position: { x: 4, y: 4 } });
  await expect(menu).toBeVisible();

  await page.getByRole("heading", { level: 1 }).tap();
  await expect(menu).toBeHidden();
  await expect(open).toHaveAttribute("aria-expanded", "false");
  await expect(open.locator('[data-icon="menu"]')).toBeVisible();
  await expect(open.locator('[data-icon="close"]')).toBeHidden();
});

test("the desktop header shows the links and no menu button", async ({ page }) => {
  test.skip(isPhone(page), "desktop layout");
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  const register = page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Register" });
  await expect(register).toBeVisible();
  // Register is styled as a button: a filled background, unlike the plain links.
  const background = await register.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
});
