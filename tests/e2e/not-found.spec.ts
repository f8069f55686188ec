import { expect, seriousAxeViolations, test } from "./fixtures.ts";

test.use({ expectedConsole: [/status of 404/] });

test("an unknown address shows the not-found page with everything the spec lists", async ({
  page,
}) => {
  const response = await page.goto("/no/such-page?from=test");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("404 - Page Not Found");
  // The page holds its Turkish too, out of sight (decision 099): what shows is innerText.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 - Page Not Found", {
    useInnerText: true,
  });
  await expect(
    page.getByText("The page you are looking for doesn't exist or may have been moved."),
  ).toBeVisible();
  await expect(page.locator("[data-requested-address]")).toHaveText("/no/such-page?from=test");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex,follow");
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);

  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Contact", exact: true })).toHaveAttribute(
    "href",
    "/about",
  );
  await expect(main.getByRole("button", { name: "Go Back" })).toBeVisible();
  await expect(main.getByText(/create an email draft/)).toBeVisible();

  const report = main.getByRole("link", { name: /Report the error to support@example\.com/ });
  const href = await report.getAttribute("href");
  expect(href).toMatch(/^mailto:support@example\.com\?/);
  expect(decodeURIComponent(href!)).toContain("/no/such-page?from=test");
  await expect(main.locator("p", { hasText: "Think this is a mistake?" })).toContainText(
    "Think this is a mistake? Report the error",
    { useInnerText: true },
  );

  expect(await seriousAxeViolations(page)).toEqual([]);
});

test("Go Back returns to the page the visitor came from", async ({ page }) => {
  await page.goto("/about");
  await page.goto("/missing-page");
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/about$/);
});
