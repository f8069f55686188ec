import { randomUUID } from "node:crypto";
import { PASSWORD, SAME_ORIGIN } from "./auth-helpers.ts";
import { expect, seriousAxeViolations, test } from "./fixtures.ts";

/** OPERATOR_EMAILS in playwright.config.ts names one operator per project. */
function operatorEmail(projectName: string): string {
  return `operator-${projectName}@example.com`;
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
  await page.context().clearCookies();
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
  await page.context().clearCookies();
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

test.describe("to anyone but an operator", () => {
  test.use({ expectedConsole: [/status of 404/] });

  test("/console is the not-found page", async ({ page, accounts }) => {
    await accounts.register("not-operator", { verified: true });
    const response = await page.goto("/console");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 - Page Not Found");
    await expect(page.locator("[data-requested-address]")).toHaveText("/console");
  });
});
