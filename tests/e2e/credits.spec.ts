import { expect, seriousAxeViolations, test, toast } from "./fixtures.ts";

test("a verified user watches an ad and sees the balance rise", async ({ page, accounts }) => {
  await accounts.register("ads", { verified: true });
  await expect(toast(page, "Email Verified")).toBeVisible();

  await page.goto("/credits");
  await expect(page.getByText("1,000 credits • 10 usage rights")).toBeVisible();
  // The e2e server runs 2-second ads (AD_WATCH_SECONDS); the card says what the server enforces.
  await expect(page.getByText(/Watch a 2-second ad, up to 5 times per day\./)).toBeVisible();
  const watch = page.getByRole("button", { name: "Watch Ad" });
  await expect(watch).toBeEnabled();
  await watch.click();
  await expect(page.getByRole("button", { name: /^Watching\.\.\. \ds$/ })).toBeDisabled();
  await expect(page.getByRole("progressbar", { name: "Ad progress" })).toBeVisible();

  await expect(toast(page, "Credits Earned!")).toBeVisible();
  await expect(toast(page, "+100 credits")).toBeVisible();
  await expect(page.getByText("1,100 credits • 11 usage rights")).toBeVisible();
  await expect(page.getByText("Watched today: 1/5.")).toBeVisible();
  const activity = page.getByRole("region", { name: "Credit activity" });
  await expect(activity.getByText("Ad watched")).toBeVisible();
  await expect(activity.getByText("+100").first()).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test("an unverified user sees why earning is disabled", async ({ page, accounts }) => {
  await accounts.register("unverified-credits");
  await page.goto("/credits");
  await expect(page.getByText("300 credits • 3 usage rights")).toBeVisible();
  await expect(page.getByText("Email verification required", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Email Verification Required" })).toBeDisabled();
  const comingSoon = page.getByRole("button", { name: "Coming Soon" });
  await expect(comingSoon).toHaveCount(2);
  for (const button of await comingSoon.all()) await expect(button).toBeDisabled();
  await expect(page.getByText("+50 credits/day")).toBeVisible();
  await expect(page.getByText("+500 credits/invite")).toBeVisible();
  await expect(page.getByRole("heading", { name: "How it works" })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test("a signed-out visitor is asked to log in on the credits page", async ({ page }) => {
  await page.goto("/credits");
  await expect(page.getByText("Please log in to earn credits.")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a guest sees the trial on the home page's credit card", async ({ page }) => {
  await page.goto("/");
  const card = page.locator("#credit-card");
  await expect(card).toContainText("300 credits");
  await expect(card).toContainText("Guest Trial");
  await expect(card).not.toContainText("Resets");
});

test("an unverified user at zero sees the verify message", async ({ page, accounts }) => {
  await accounts.startAtHome("unverified-zero");
  const card = page.locator("#credit-card");
  await expect(card).toContainText("300 credits");
  // An unverified account has 300 credits: three texts bring it to zero.
  const prompt = page.getByLabel("Describe the text you want");
  for (let i = 1; i <= 3; i++) {
    await prompt.fill(`A short note to my neighbour about the parcel, attempt ${i}.`);
    await page.getByRole("button", { name: "Generate Text" }).click();
    await expect(card).toContainText(`${300 - i * 100} credits`);
    await expect(card).toContainText(i === 2 ? "1 text left" : `${3 - i} texts left`);
  }

  const verify = "Verify your email to unlock 1000 weekly credits.";
  await expect(card).toContainText(verify);
  await expect(card).not.toContainText(/weekly reset/i);
  await expect(page.getByTestId("generator-cost")).toContainText(verify);
  await page.getByRole("button", { name: "See your options" }).click();
  const dialog = page.getByRole("dialog", { name: "Verify your email to keep writing" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Verify your email to unlock 1000 weekly credits");
  await expect(dialog).not.toContainText(/Monday|renew/i);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Resend verification email" }).click();
  await expect(toast(page, "Verification email sent")).toBeVisible();
});
