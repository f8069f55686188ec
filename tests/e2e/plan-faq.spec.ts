import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * Issue 29 (decision 071): a use case's FAQ states the plan in force, not the defaults the
 * page was built with, once the credit status has loaded. Search engines read the defaults.
 */

/** The server's credit status, but with an operator's plan of 5000 a week and 50 a text. */
async function answerWithPlan(page: Page): Promise<void> {
  await page.route("**/api/credits/status", async (route) => {
    const response = await route.fetch();
    const status = await response.json();
    status.plan = { ...status.plan, weeklyAllowance: 5000, costPerText: 50 };
    await route.fulfill({ response, json: status });
  });
}

const pages = [
  {
    path: "/write/bio",
    stated: "a free account gets 5000 credits every week; each bio costs 50.",
    defaults: "a free account gets 1000 credits every week; each bio costs 100.",
  },
  {
    path: "/tr/write/bio",
    stated: "ücretsiz bir hesap her hafta 5000 kredi alır, her biyografi 50 kredi tutar.",
    defaults: "ücretsiz bir hesap her hafta 1000 kredi alır, her biyografi 100 kredi tutar.",
  },
];

for (const { path, stated, defaults } of pages) {
  test(`${path}'s FAQ states the plan in force`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "reads copy; one screen size is enough");
    await answerWithPlan(page);
    await page.goto(path);
    await expect(page.locator("dd").filter({ hasText: stated })).toBeVisible();
    const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
    expect(jsonLd).toContain(defaults);
  });
}
