import { PASSWORD, followOutboxLink, newEmail } from "./auth-helpers.ts";
import { expect, isPhone, seriousAxeViolations, test, toast } from "./fixtures.ts";

async function openAccountMenu(page: import("@playwright/test").Page) {
  if (isPhone(page)) await page.getByRole("button", { name: "Open menu" }).click();
  return isPhone(page)
    ? page.locator("#mobile-menu")
    : page.getByRole("navigation", { name: "Main" });
}

test("a new visitor registers, verifies from the dev outbox, signs in, visits Profile and logs out", async ({
  page,
  clientAddress,
  accounts,
}) => {
  // The whole account journey, with an axe scan: over 30 s on a busy two-core machine.
  test.slow();
  const email = newEmail("journey");
  accounts.track(email);

  await page.goto("/register");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name (optional)").fill("Robin Tester");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "Registration Successful")).toBeVisible();

  // A new, unverified account is reminded to verify, once per browser session.
  const reminder = page.getByRole("dialog", { name: "Verify your email" });
  await expect(reminder).toBeVisible();
  await expect(reminder.getByText(/^(23h 5\d|24h 0)m remaining$/)).toBeVisible();
  await reminder.getByRole("button", { name: "Remind me later" }).click();
  await expect(reminder).toBeHidden();
  await page.reload();
  // Wait until the islands have loaded the user and the credits before judging.
  await expect(page.getByText(/^300 credits/)).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("dialog", { name: "Verify your email" })).toBeHidden();

  let nav = await openAccountMenu(page);
  await expect(nav.getByText("Robin Tester")).toBeVisible();
  await nav.getByRole("button", { name: "Logout" }).click();
  await expect(toast(page, "Logged Out")).toBeVisible();
  nav = await openAccountMenu(page);
  await expect(nav.getByRole("link", { name: "Login", exact: true })).toBeVisible();

  await followOutboxLink(page, email, /verify-email/, clientAddress);
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, "Email Verified")).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(toast(page, "Login Successful")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  nav = await openAccountMenu(page);
  for (const name of ["Profile", "Credits"])
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Register" })).toBeHidden();
  await nav.getByRole("link", { name: "Profile", exact: true }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Account", {
    useInnerText: true,
  });
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  await expect(page.getByText("You don't have any writings yet.")).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "Logged Out")).toBeVisible();
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login$/);
});

test.describe(() => {
  // Signing in with the old password is refused with a 401, which the browser logs.
  test.use({ expectedConsole: [/status of 401 .*\/api\/auth\/login/] });

  test("the forgot / reset journey sets a new password", async ({
    page,
    clientAddress,
    accounts,
  }) => {
    const email = await accounts.register("reset");
    await page.context().clearCookies();

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

    await followOutboxLink(page, email, /reset-password/, clientAddress);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset Password", {
      useInnerText: true,
    });
    // The token leaves the address bar once read.
    await expect(page).toHaveURL(/\/reset-password$/);
    const newPassword = "amber-lantern-58";
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(`${newPassword}x`);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("heading", { name: "Password updated" })).toBeVisible();
    accounts.passwordChanged(email, newPassword);

    await page.getByRole("link", { name: "Go to Login" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(toast(page, "Login Error")).toBeVisible();
    await expect(toast(page, "Invalid email or password.")).toBeVisible();
    await page.getByLabel("Password").fill(newPassword);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(toast(page, "Login Successful")).toBeVisible();
  });
});

test("/profile signed out lands on /login, and /login signed in lands on /", async ({
  page,
  accounts,
}) => {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login$/);
  await accounts.register("redirect");
  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/register");
  await expect(page).toHaveURL(/\/$/);
});

test("the login and register forms show the spec's validation messages", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("123");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.goto("/register");
  await page.getByLabel("Email").fill(newEmail("form"));
  await page.getByLabel("Name (optional)").fill("R");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill("different-password");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test("an unverified sign-in keeps its resend banner until the visitor moves on", async ({
  page,
  accounts,
}) => {
  const email = await accounts.register("unverified");
  await page.context().clearCookies();
  await page.goto("/login");
  const header = page.locator("header[data-auth-state]");
  await expect(header).toHaveAttribute("data-auth-state", "signed-out");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();

  // The banner stays: a resend link that leaves after a second cannot be used.
  const banner = page.getByRole("status").filter({ hasText: "Email verification required" });
  await expect(banner).toBeVisible();
  await expect(header).toHaveAttribute("data-auth-state", "signed-in");
  await expect(header.locator("[data-user-name]").first()).toHaveText("Robin Tester");
  await banner.getByRole("button", { name: "Resend verification email" }).click();
  await expect(toast(page, "Verification email sent")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await banner.getByRole("link", { name: "Continue to the generator" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("dialog", { name: "Verify your email" })).toBeVisible();
});

test("a reset page without a token says so and goes home", async ({ page }) => {
  await page.goto("/reset-password");
  await expect(page.getByText("Invalid or missing password reset token.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

for (const [language, title] of [
  ["english", "Email Verified"],
  ["turkish", "E-posta Doğrulandı"],
] as const) {
  test(`a verification link opened in a background tab shows "${title}" once the tab is seen`, async ({
    page,
  }) => {
    // A mail client opens the link in a tab behind its own: the tab is hidden until chosen.
    await page.addInitScript((language) => {
      localStorage.setItem("selectedLanguage", language);
      let hidden = true;
      Object.defineProperty(document, "visibilityState", {
        get: () => (hidden ? "hidden" : "visible"),
      });
      Object.defineProperty(document, "hidden", { get: () => hidden });
      Object.assign(window, {
        showTab() {
          hidden = false;
          document.dispatchEvent(new Event("visibilitychange"));
        },
      });
    }, language);
    await page.goto("/login?verified=true");
    // The toast region is loaded after the toaster has started: nothing was shown unseen.
    // Hidden while empty: the region is a popover shown with each toast (decision 009).
    const region = page.getByRole("region", {
      name: /Notifications|Bildirimler/,
      includeHidden: true,
    });
    await expect(region).toBeAttached();
    await expect(region.getByRole("listitem")).toHaveCount(0);
    await expect(page).toHaveURL(/verified=true/);

    await page.evaluate(() => (window as unknown as { showTab(): void }).showTab());
    await expect(toast(page, title)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
}
