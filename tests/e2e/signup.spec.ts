import { newEmail, PASSWORD } from "./auth-helpers.ts";
import { expect, test, toast } from "./fixtures.ts";

/**
 * The console's sign-up section and an invite link (issue 29, item 2). The e2e server is
 * shared by tests running side by side, so these never change its rule (open): the rule's
 * refusals are the API tests' (tests/api/signup-rules.test.ts); here the section's checks,
 * an invite made and revoked, and the register page carrying the link's token.
 */
test("an operator makes an invite, a visitor registers through its link, and the section speaks Turkish", async ({
  page,
  browser,
  accounts,
  clientAddress,
}, testInfo) => {
  test.slow();
  await accounts.register("operator", {
    verified: true,
    email: `operator-signup-${testInfo.project.name}@example.com`,
  });
  await page.goto("/console");
  const section = page.getByRole("region", { name: "Sign-up" });
  await expect(section.getByRole("radio", { name: "Anyone" })).toBeChecked();

  // Its checks: no invite for no one, then one for three sign-ups.
  const make = section.getByRole("form", { name: "Make an invite" });
  const label = `Design team ${testInfo.project.name} ${Date.now()}`;
  await make.getByLabel("Sign-ups it allows").fill("0");
  await make.getByRole("button", { name: "Make an invite" }).click();
  await expect(make.getByText("An invite must allow from 1 to 10000 sign-ups.")).toBeVisible();
  await make.getByLabel("Sign-ups it allows").fill("3");
  await make.getByLabel("Note (optional)").fill(label);
  await make.getByRole("button", { name: "Make an invite" }).click();
  await expect(section.getByText("The invite is made. Copy its link now")).toBeVisible();
  const link = await section.getByRole("textbox", { name: "Invite link" }).inputValue();
  expect(link).toMatch(/\/register\?invite=[a-z2-7]{32}$/);
  const invite = section.getByRole("listitem").filter({ hasText: label });
  await expect(invite).toContainText("Active");
  await expect(invite).toContainText("0 of 3 used");

  // A visitor opens the link: the form says so, and sends the token with the account.
  const visitor = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": clientAddress },
  });
  const register = await visitor.newPage();
  await register.goto(new URL(link).pathname + new URL(link).search);
  await expect(register.getByText("You are signing up with an invite link.")).toBeVisible();
  const email = newEmail("invited");
  accounts.track(email);
  await register.getByLabel("Email").fill(email);
  await register.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await register.getByLabel("Confirm password").fill(PASSWORD);
  const sent = register.waitForRequest("**/api/auth/register");
  await register.getByRole("button", { name: "Create Account" }).click();
  expect((await sent).postDataJSON().invite).toBe(new URL(link).searchParams.get("invite"));
  await expect(register).toHaveURL(/\/$/);

  // A refused sign-up is told why in the chosen language: the server's answer for an
  // expired invite (replayed, as the shared server's rule stays open).
  await register.context().clearCookies();
  await register.evaluate(() => localStorage.setItem("selectedLanguage", "turkish"));
  await register.route("**/api/auth/register", (route) =>
    route.fulfill({
      status: 403,
      json: {
        success: false,
        code: "FORBIDDEN",
        reason: "signupInviteExpired",
        message: "This invite link has expired. Please ask for a new one.",
      },
    }),
  );
  await register.goto(new URL(link).pathname + new URL(link).search);
  await expect(register.getByText("Bir davet bağlantısıyla kayıt oluyorsunuz.")).toBeVisible();
  await register.getByLabel("E-posta").fill(newEmail("late"));
  await register.getByLabel("Şifre", { exact: true }).fill(PASSWORD);
  await register.getByLabel("Şifreyi onaylayın").fill(PASSWORD);
  await register.getByRole("button", { name: "Hesap Oluştur" }).click();
  await expect(toast(register, "Kayıt Hatası")).toBeVisible();
  await expect(
    register.getByText("Bu davet bağlantısının süresi doldu. Lütfen yenisini isteyin.", {
      exact: true,
    }),
  ).toBeVisible();
  await visitor.close();

  // In Turkish: the rule's check (not saved), and the invite revoked.
  await page.evaluate(() => localStorage.setItem("selectedLanguage", "turkish"));
  await page.reload();
  const kayit = page.getByRole("region", { name: "Kayıt" });
  await kayit
    .getByRole("radio", { name: "Bu alan adlarındaki adresler (ve davet bağlantıları)" })
    .check();
  await kayit.getByLabel("Alan adları, her satıra bir tane").fill("not a domain");
  await kayit.getByRole("button", { name: "Kuralı kaydet" }).click();
  await expect(
    kayit.getByText("Lütfen alan adlarını example.com gibi, her satıra bir tane yazın."),
  ).toBeVisible();
  const davet = kayit.getByRole("listitem").filter({ hasText: label });
  await expect(davet).toContainText("Etkin");
  await davet.getByRole("button", { name: /^İptal et/ }).click();
  await expect(kayit.getByText("Davet iptal edildi.")).toBeVisible();
  await expect(davet).toContainText("İptal edildi");
});
