import { randomUUID } from "node:crypto";
import { PASSWORD, SAME_ORIGIN } from "./auth-helpers.ts";
import type { Page } from "@playwright/test";
import { expect, isPhone, seriousAxeViolations, test } from "./fixtures.ts";

/** OPERATOR_EMAILS in playwright.config.ts names one operator per test and project. */
function operatorEmail(projectName: string, test = ""): string {
  return `operator-${test ? `${test}-` : ""}${projectName}@example.com`;
}

/**
 * Signs the browser out before the next account signs in: off the page first, since what it
 * still fetched as the last account would meet no cookie and log a 401.
 */
async function signOutHere(page: Page): Promise<void> {
  await page.goto("about:blank");
  await page.context().clearCookies();
}

/** The header's Console link: in the bar on a wide screen, in the menu on a phone. */
async function consoleLink(page: Page, name: string) {
  if (isPhone(page)) {
    await page.getByRole("button", { name: /^(Open menu|Menüyü aç)$/ }).click();
    return page.locator("#mobile-menu").getByRole("link", { name, exact: true });
  }
  return page.getByRole("navigation", { name: /^(Main|Ana menü)$/ }).getByRole("link", {
    name,
    exact: true,
  });
}

test("an operator reads the overview, grants a user 500 credits and approves a testimonial", async ({
  page,
  accounts,
}, testInfo) => {
  test.setTimeout(90_000);
  // The user, made and signed out again before the operator signs in in the same browser.
  const user = await accounts.register("console-user", { verified: true });
  const testimonialName = `Noor ${randomUUID().slice(0, 6)}`;
  const submitted = await page.request.post("/api/testimonial/submit", {
    data: { name: testimonialName, content: "Wrote my landlord letter in a minute.", rating: 5 },
    headers: SAME_ORIGIN,
  });
  expect(submitted.status()).toBe(201);
  await signOutHere(page);
  await accounts.register("operator", {
    verified: true,
    email: operatorEmail(testInfo.project.name),
  });

  await page.goto("/console");
  await expect(page.getByRole("heading", { level: 1, name: "Console" })).toBeVisible();
  const overview = page.getByRole("region", { name: "Overview" });
  for (const chart of [/texts per day/, /failed texts and refunds/, /credits per week/]) {
    const figure = overview.getByRole("img", { name: chart });
    await expect(figure).toBeVisible();
    await expect(figure.locator("canvas")).toBeVisible();
  }
  await expect(overview.getByRole("region", { name: "Writers" })).toContainText("Local model");
  await expect(page.getByRole("region", { name: "Ads" })).toBeVisible();
  // The phone shows the same markup; axe over the whole console is slow on a busy machine.
  if (testInfo.project.name === "desktop") expect(await seriousAxeViolations(page)).toEqual([]);

  // The testimonial, approved from the queue.
  const queue = page.getByRole("region", { name: "Testimonials to review" });
  await queue
    .getByRole("button", { name: `Approve the testimonial of ${testimonialName}` })
    .click();
  await expect(queue.getByRole("status")).toHaveText("Approved: it shows on the home page.");

  // The user, found by the start of the address, gets 500 credits.
  const accountsRegion = page.getByRole("region", { name: "Accounts" });
  await accountsRegion.getByLabel("E-mail address starts with").fill(user.slice(0, 16));
  await accountsRegion.getByRole("button", { name: "Find" }).click();
  await accountsRegion.getByRole("button", { name: new RegExp(user) }).click();
  const account = accountsRegion.getByRole("region", { name: user });
  await expect(account.locator("[data-balance]")).toHaveText("1000");
  const form = account.getByRole("form", { name: "Grant or take back credits" });
  await expect(form.getByRole("radio", { name: "Grant" })).toBeChecked();
  await form.getByLabel("Credits").fill("500");
  await form.getByLabel("Reason").fill("Sorry for the outage");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(form.getByRole("status")).toHaveText(
    "500 credits granted. The balance is now 1500.",
  );
  await expect(account.locator("[data-balance]")).toHaveText("1500");

  const audit = page.getByRole("region", { name: "Audit" });
  const entry = audit.getByRole("listitem").filter({ hasText: user });
  await expect(entry).toContainText("Granted credits");
  await expect(entry).toContainText("Sorry for the outage");
  await expect(
    audit
      .getByRole("listitem")
      .filter({ hasText: operatorEmail(testInfo.project.name) })
      .filter({ hasText: "Approved a testimonial" }),
  ).toHaveCount(1);

  // The user signs in: the credit card shows the grant, the home page the testimonial.
  await signOutHere(page);
  const login = await page.request.post("/api/auth/login", {
    data: { email: user, password: PASSWORD },
    headers: SAME_ORIGIN,
  });
  expect(login.status()).toBe(200);
  await page.goto("/");
  await expect(page.locator("#credit-card")).toContainText("1,500 credits");
  const testimonials = page.locator("#testimonials");
  await testimonials.scrollIntoViewIfNeeded();
  await expect(
    testimonials.getByRole("listitem").filter({ hasText: testimonialName }),
  ).toBeVisible();
  await page.goto("/credits");
  await expect(
    page.getByRole("region", { name: "Credit activity" }).getByText("Credits from support"),
  ).toBeVisible();
});

test("an operator finds the console in the header and reads texts and the audit by name, in English and Turkish", async ({
  page,
  accounts,
}, testInfo) => {
  test.setTimeout(90_000);
  const user = await accounts.register("console-names", { verified: true });
  const written = await page.request.post("/api/email/generate", {
    data: {
      content: "A letter to my aunt about the summer visit to Hamburg.",
      language: "german",
      contentType: "letter",
      length: "short",
    },
    headers: SAME_ORIGIN,
  });
  expect(written.status()).toBe(200);
  await signOutHere(page);
  await accounts.register("operator", {
    verified: true,
    email: operatorEmail(testInfo.project.name, "names"),
  });

  // A prerendered page asks who is visiting; the operator's header links to the console.
  await page.goto("/");
  await (await consoleLink(page, "Console")).click();
  await expect(page).toHaveURL(/\/console$/);
  await expect(page.getByRole("heading", { level: 1, name: "Console" })).toBeVisible();

  const accountsRegion = page.getByRole("region", { name: "Accounts" });
  await accountsRegion.getByLabel("E-mail address starts with").fill(user);
  await accountsRegion.getByRole("button", { name: "Find" }).click();
  await accountsRegion.getByRole("button", { name: new RegExp(user) }).click();
  const account = accountsRegion.getByRole("region", { name: user });
  // The texts' table, after the credit activity's.
  const row = account.getByRole("table").last().getByRole("row").nth(1);
  // Names, not the ids the database keeps (letter, german, short, localai, done).
  for (const name of ["Letter", "German", "Short (~120 words)", "OpenAI-compatible", "Written"]) {
    await expect(row.getByRole("cell", { name, exact: true })).toBeVisible();
  }
  await row.getByRole("button", { name: /^Open the Letter of / }).click();
  const openedText = account.getByRole("region", { name: "Opened text" });
  const subject = (await openedText.locator("dd bdi").first().textContent())!;
  expect(subject).toBe("the summer visit to Hamburg");

  // The audit names the account by its address and the text by its subject, not by ids.
  const audit = page.getByRole("region", { name: "Audit" });
  const opened = audit.getByRole("listitem").filter({ hasText: "Opened a text" }).first();
  await expect(opened).toContainText(user);
  await expect(opened).toContainText(`Text: ${subject}`);
  await expect(opened).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);

  // With Turkish chosen the whole console is Turkish, the names too (DESIGN §7).
  await page.evaluate(() => localStorage.setItem("selectedLanguage", "turkish"));
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Konsol" })).toBeVisible();
  const hesaplar = page.getByRole("region", { name: "Hesaplar" });
  await hesaplar.getByLabel("E-posta adresinin başı").fill(user);
  await hesaplar.getByRole("button", { name: "Bul" }).click();
  await hesaplar.getByRole("button", { name: new RegExp(user) }).click();
  const satir = hesaplar
    .getByRole("region", { name: user })
    .getByRole("table")
    .last()
    .getByRole("row");
  await expect(satir.first()).toContainText("Tür");
  for (const name of ["Mektup", "Almanca", "Kısa (~120 kelime)", "OpenAI uyumlu", "Yazıldı"]) {
    await expect(satir.nth(1).getByRole("cell", { name, exact: true })).toBeVisible();
  }
  const denetim = page.getByRole("region", { name: "Denetim kaydı" });
  await expect(
    denetim.getByRole("listitem").filter({ hasText: "Bir metni açtı" }).first(),
  ).toContainText(`Metin: ${subject}`);
  await expect(await consoleLink(page, "Konsol")).toBeVisible();
});

test.describe("to anyone but an operator", () => {
  test.use({ expectedConsole: [/status of 404/] });

  test("/console is the not-found page", async ({ page, accounts }) => {
    await accounts.register("not-operator", { verified: true });
    // Nor does the header offer it.
    await page.goto("/");
    await expect(page.locator('header[data-auth-state="signed-in"]')).toBeAttached();
    for (const link of await page.locator('[data-auth="operator"]').all()) {
      await expect(link).toBeHidden();
    }
    const response = await page.goto("/console");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 - Page Not Found", {
      useInnerText: true,
    });
    await expect(page.locator("[data-requested-address]")).toHaveText("/console");
  });
});

test("an operator's Turkish header stands on one line at 1280 px", async ({
  page,
  accounts,
}, testInfo) => {
  test.skip(isPhone(page), "a phone's header folds its links into the menu");
  await page.setViewportSize({ width: 1280, height: 800 });
  await accounts.register("operator", {
    verified: true,
    name: "Robin Tester",
    email: operatorEmail(testInfo.project.name, "header"),
  });
  await page.goto("/tr/");
  const nav = page.getByRole("navigation", { name: "Ana menü" });
  await expect(nav.getByRole("link", { name: "Konsol", exact: true })).toBeVisible();
  // Each label's text makes one line box: a wrapped one ("Çıkış | Yap") makes two.
  const lines = await nav.evaluate((element) =>
    [...element.querySelectorAll<HTMLElement>("a, button, [data-user-name]")]
      .filter((item) => item.offsetWidth > 0 && item.innerText.trim())
      .map((item) => {
        const tops = new Set<number>();
        const texts = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
        while (texts.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(texts.currentNode);
          for (const rect of range.getClientRects())
            if (rect.width > 0) tops.add(Math.round(rect.top));
        }
        return `${item.innerText.trim()}: ${tops.size}`;
      }),
  );
  expect(lines).toEqual(lines.map((line) => line.replace(/\d+$/, "1")));
  expect(lines.join()).toContain("Çıkış Yap: 1");
  const header = await page.locator("body > header").boundingBox();
  expect(header!.height).toBeLessThanOrEqual(65);
});

test("an account's search line shows the balance a grant or a take-back left", async ({
  page,
  accounts,
}, testInfo) => {
  const user = await accounts.register("balance-user", { verified: true });
  await signOutHere(page);
  await accounts.register("operator", {
    verified: true,
    email: operatorEmail(testInfo.project.name, "balance"),
  });
  await page.goto("/console");
  const accountsRegion = page.getByRole("region", { name: "Accounts" });
  await accountsRegion.getByLabel("E-mail address starts with").fill(user);
  await accountsRegion.getByRole("button", { name: "Find" }).click();
  const line = accountsRegion
    .getByRole("list", { name: "Accounts found" })
    .getByRole("button", { name: new RegExp(user) });
  await expect(line).toContainText("1000 credits");
  await line.click();
  const account = accountsRegion.getByRole("region", { name: user });
  const form = account.getByRole("form", { name: "Grant or take back credits" });

  await form.getByLabel("Credits").fill("250");
  await form.getByLabel("Reason").fill("Goodwill");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(form.getByRole("status")).toHaveText(
    "250 credits granted. The balance is now 1250.",
  );
  await expect(line).toContainText("1250 credits");

  await form.getByRole("radio", { name: "Take back" }).check();
  await form.getByLabel("Credits").fill("50");
  await form.getByLabel("Reason").fill("Granted too many");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(account.locator("[data-balance]")).toHaveText("1200");
  await expect(line).toContainText("1200 credits");
});

test("the weekly credits chart's value axis shows five-digit figures whole (10K)", async ({
  page,
  accounts,
}, testInfo) => {
  // What the canvas draws, and how far left of its edge each label would begin.
  await page.addInitScript(() => {
    const drawn: { text: string; left: number }[] = [];
    Object.assign(window, { drawnLabels: drawn });
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, x, y, maxWidth) {
      const width = this.measureText(text).width;
      const left =
        this.textAlign === "right" ? x - width : this.textAlign === "center" ? x - width / 2 : x;
      drawn.push({ text, left });
      return fillText.call(this, text, x, y, maxWidth);
    };
  });
  // A busy week: 12,000 credits granted.
  await page.route("**/api/console/overview", async (route) => {
    const response = await route.fetch();
    const overview = await response.json();
    overview.weeks.at(-1).granted = 12_000;
    await route.fulfill({ response, json: overview });
  });
  await accounts.register("operator", {
    verified: true,
    email: operatorEmail(testInfo.project.name, "chart"),
  });
  await page.goto("/console");
  const chart = page.getByRole("region", { name: "Overview" }).getByRole("img", {
    name: /credits per week/,
  });
  await expect(chart.locator("canvas")).toBeVisible();
  const labels = await page.evaluate(
    () => (window as unknown as { drawnLabels: { text: string; left: number }[] }).drawnLabels,
  );
  expect(labels.filter(({ left }) => left < 0)).toEqual([]);
  expect(labels.map(({ text }) => text)).toContain("10K");
});
