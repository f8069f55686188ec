import type { Locator, Page } from "@playwright/test";
import { SITE_NAME } from "#shared/site.ts";
import { ENGLISH, englishIn } from "../support/english-words.ts";
import { SAME_ORIGIN, newEmail } from "./auth-helpers.ts";
import { expect, generatorSelect, isPhone, test, toast } from "./fixtures.ts";

/**
 * The page's visible text (what a reader sees, toasts and open dialogs included), less the
 * user's own texts (the fake writer writes English) and the testimonials' quotes, which are
 * people's own words; the brand name stays as it is. The home page's marketing copy is
 * Turkish too (decision 099).
 */
async function visibleText(page: Page): Promise<string> {
  const text = await page.evaluate(() => {
    const hidden = document.querySelectorAll<HTMLElement>(
      [
        '[data-testid="result-text"]',
        '[data-testid="viewer-text"]',
        "[data-history-entry] p[dir]",
        "#testimonials li",
      ].join(","),
    );
    for (const element of hidden) element.style.visibility = "hidden";
    const shown = document.body.innerText;
    for (const element of hidden) element.style.visibility = "";
    return shown;
  });
  return text.replaceAll(SITE_NAME, "");
}

async function expectNoEnglish(page: Page, where: string): Promise<void> {
  expect(englishIn(await visibleText(page)), `English on ${where}`).toEqual([]);
}

/** The footer is worded once the page has its catalog: the sign that the page is done. */
async function worded(page: Page): Promise<void> {
  await expect(page.getByText("Tüm hakları saklıdır.")).toBeVisible();
}

async function clickIn(scope: Page | Locator, name: string | RegExp): Promise<void> {
  await scope
    .getByRole("button", { name, exact: typeof name === "string" })
    .first()
    .click();
}

test.use({
  // One pattern: a second element would be read as the fixture's options.
  expectedConsole: [
    /status of (402 .*\/api\/email\/generate|401 .*\/api\/auth\/login|400 .*\/api\/auth\/register)/,
  ],
});

test("Turkish shows no English string from a list the test keeps of every UI key", async ({
  page,
  accounts,
}) => {
  test.setTimeout(90_000);
  expect(ENGLISH.length).toBeGreaterThan(300);

  // A visitor chooses Turkish, then makes an account (unverified: three texts' credits).
  await page.goto("/");
  await (await generatorSelect(page, "Language")).selectOption("turkish");
  // Turkish chosen in the form is the page's Turkish address (issue 27).
  await expect(page).toHaveURL("/tr");
  await accounts.register("turkish");
  await page.reload();
  await worded(page);

  // The new account's reminder.
  const reminder = page.getByRole("dialog", { name: "E-postanızı doğrulayın" });
  await expect(reminder).toBeVisible();
  await expect(reminder).toContainText("sa");
  await expectNoEnglish(page, "/ with the verification reminder");
  await clickIn(reminder, "Daha sonra hatırlat");

  // The use-case picker, and a use case's fields; then back to describing it.
  await clickIn(page, "Bir kullanım alanı seçin");
  const picker = page.getByRole("dialog", { name: "Bir kullanım alanı seçin" });
  await expect(picker.getByRole("heading", { name: "E-posta" })).toBeVisible();
  await expectNoEnglish(page, "the use-case picker");
  await clickIn(picker, "Soğuk tanışma e-postası");
  await expect(page.getByLabel("Kime yazıyorsunuz")).toBeVisible();
  await expectNoEnglish(page, "/ with a use case's fields");
  await clickIn(page, "Kendiniz anlatın");

  // A text, written through the generator.
  await page
    .getByLabel("İstediğiniz metni anlatın")
    .fill("Ev sahibime kalorifer hakkında bir e-posta");
  await clickIn(page, "Metin Oluştur");
  const regenerate = page.getByRole("button", { name: "Yeniden oluştur" });
  await expect(regenerate).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("result-text")).toContainText("kalorifer");
  await expectNoEnglish(page, "/ with a result");

  // Another tab spends the rest: Regenerate meets the server's 402, worded in Turkish.
  for (const content of ["Komşuma paket hakkında bir not", "Ekibime cuma toplantısı hakkında"]) {
    const response = await page.request.post("/api/email/generate", {
      headers: SAME_ORIGIN,
      data: { content, language: "turkish", contentType: "email" },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  await regenerate.click();
  const limit = page.getByRole("dialog", {
    name: "Yazmaya devam etmek için e-postanızı doğrulayın",
  });
  // The dialog's code loads on its first opening.
  await expect(limit).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("result-error")).toContainText("e-posta adresinizi doğrulayın");
  await expectNoEnglish(page, "/ with the credit dialog and the server's answer");
  await clickIn(limit, "Tamam");

  // The history, its viewer and its delete question.
  await page.goto("/profile");
  await worded(page);
  const open = page.getByRole("button", { name: /metnini aç$/ }).filter({ visible: true });
  await expect(open).toHaveCount(3);
  await expect(page.getByText("Doğrulanmadı")).toBeVisible();
  // The sign-out button is rendered on the server, in English, and worded once hydrated.
  await expect(page.getByRole("main").getByRole("button", { name: "Çıkış Yap" })).toBeVisible({
    timeout: 15_000,
  });
  await expectNoEnglish(page, "/profile");
  await open.first().click();
  const viewer = page.getByRole("dialog").filter({ hasText: "Bu istemi yeniden kullan" });
  await expect(viewer).toBeVisible();
  await expectNoEnglish(page, "the history viewer");
  await clickIn(viewer, "Sil");
  const confirm = page.getByRole("dialog", { name: "Bu metin silinsin mi?" });
  await expect(confirm).toBeVisible();
  await expectNoEnglish(page, "the delete question");
  await clickIn(confirm, "Vazgeç");

  // Credits: balance, ways to earn, activity.
  await page.goto("/credits");
  await worded(page);
  await expect(page.getByRole("heading", { name: "Kredi hareketleri" })).toBeVisible();
  await expect(page.getByText("Hoş geldin kredisi")).toBeVisible();
  await expectNoEnglish(page, "/credits");

  // Signed out: the account pages, and a failed sign-in in Turkish.
  await page.goto("/profile");
  await clickIn(page.getByRole("main"), "Çıkış Yap");
  // Signed out, a Turkish visitor lands on the Turkish home page.
  await expect(page).toHaveURL(/\/tr$/);
  await page.goto("/login");
  await worded(page);
  // The form is rendered on the server, in English, and worded once hydrated.
  await expect(page.getByLabel("Şifre")).toBeVisible();
  await page.getByLabel("E-posta").fill("nobody@example.com");
  await page.getByLabel("Şifre").fill("not-the-password");
  await clickIn(page.getByRole("main"), "Giriş Yap");
  await expect(toast(page, "Giriş Hatası")).toBeVisible();
  await expect(page.getByText("E-posta adresi veya şifre hatalı.", { exact: true })).toBeVisible();
  await expectNoEnglish(page, "/login with a failed sign-in");
  for (const path of ["/register", "/forgot-password", "/reset-password?token=x"]) {
    await page.goto(path);
    await worded(page);
    await expect(
      page.getByRole("button").filter({ hasText: /Oluştur|Gönder|Sıfırla/ }),
    ).toBeEnabled();
    await expectNoEnglish(page, path);
  }
  if (isPhone(page)) {
    await page.getByRole("button", { name: "Menüyü aç" }).click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await expectNoEnglish(page, "the phone menu");
  }
});

test("the feedback section speaks Turkish: its headings, its form, its checks and its answer", async ({
  page,
}) => {
  await page.goto("/");
  await (await generatorSelect(page, "Language")).selectOption("turkish");
  // Turkish chosen in the form is the page's Turkish address (issue 27).
  await expect(page).toHaveURL("/tr");
  await page.reload();
  await worded(page);
  // The island is rendered on the server in English and hydrates, worded, once in view.
  await page.locator("#share-experience form").scrollIntoViewIfNeeded();
  const form = page.getByRole("form", { name: "Deneyiminizi paylaşın" });
  const submit = form.getByRole("button", { name: "Görüşü Gönder" });
  await expect(submit).toBeEnabled();
  await expect(page.getByRole("heading", { name: "Deneyiminizi Paylaşın" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Kullanıcılarımız Ne Diyor" })).toBeVisible();

  // The browser's own check, worded like the server's.
  await submit.click();
  await expect(form.getByRole("status")).toHaveText(
    "Lütfen adınızı, görüşünüzü ve puanınızı girin.",
  );
  await form.getByLabel("Adınız").fill("Ayşe");
  await form.getByRole("radio", { name: "5 yıldız" }).check({ force: true });
  await form.getByLabel("Görüşünüz").fill("Kısa");
  await submit.click();
  await expect(form.getByRole("status")).toHaveText("Görüşünüz en az 10 karakter olmalıdır");

  const section = await page.locator("#share-experience").innerText();
  const found = ENGLISH.filter(({ pattern }) => pattern.test(section)).map(({ key }) => key);
  expect(found, "English in the feedback section").toEqual([]);

  await form.getByLabel("Görüşünüz").fill("Dilekçemi birkaç saniyede yazdı, çok memnun kaldım.");
  await submit.click();
  await expect(form.getByRole("status")).toHaveText(
    "Görüşünüz için teşekkürler! İncelendikten sonra burada görünecek.",
  );
});

test("the register form words its own checks and the server's field failures in Turkish", async ({
  page,
}) => {
  await page.goto("/");
  await (await generatorSelect(page, "Language")).selectOption("turkish");
  // Turkish chosen in the form is the page's Turkish address (issue 27).
  await expect(page).toHaveURL("/tr");
  await page.goto("/register");
  await worded(page);
  const submit = page.getByRole("main").getByRole("button", { name: "Hesap Oluştur" });
  await expect(submit).toBeEnabled();

  // The browser's check: the shared schema's reasons, worded from the catalog.
  await page.getByLabel("E-posta").fill("not-an-email");
  await page.getByLabel("Şifre", { exact: true }).fill("123");
  await submit.click();
  await expect(page.getByText("Lütfen geçerli bir e-posta adresi girin")).toBeVisible();
  await expect(page.getByText("Şifre en az 6 karakter olmalıdır").first()).toBeVisible();

  // The server's: a common password, refused with English and its reason for the field.
  await page.getByLabel("E-posta").fill(newEmail("turkish-form"));
  await page.getByLabel("Şifre", { exact: true }).fill("password");
  await page.getByLabel("Şifreyi onaylayın").fill("password");
  const answer = page.waitForResponse("**/api/auth/register");
  await submit.click();
  expect((await answer).status()).toBe(400);
  await expect(toast(page, "Kayıt Hatası")).toBeVisible();
  const common = "Bu şifre çok yaygın. Lütfen tahmin edilmesi daha zor bir şifre seçin.";
  await expect(toast(page, common)).toBeVisible();
  const password = page.getByLabel("Şifre", { exact: true });
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription(new RegExp(common.replaceAll(".", "\\.")));
  await expectNoEnglish(page, "/register with failed checks");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Turkish home page shows its generator form in Turkish, not a blank box", async ({
    page,
  }) => {
    await page.goto("/tr/");
    await expect(page.getByText("İstediğiniz metni anlatın", { exact: true })).toBeVisible();
    await expect(page.getByPlaceholder(/./)).toBeVisible();
    await expect(page.getByText("Metin Oluştur", { exact: true })).toBeVisible();
    await expect(page.getByText("Describe the text you want")).toHaveCount(0);
  });
});
