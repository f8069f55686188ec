import { expect, test } from "./fixtures.ts";

/**
 * Issue 29: /docs/api, the OpenAPI document as a page, prerendered, with no script of its
 * own; /about links to it. Desktop only: a page of text and tables.
 */
test.beforeEach(({ page: _ }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "a page of tables: desktop only");
});

test("the API reference renders and its headings are reached from its contents", async ({
  page,
}) => {
  await page.goto("/about");
  await page.getByRole("link", { name: /Read the API reference/ }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API reference", {
    useInnerText: true,
  });
  await expect(page.locator("astro-island")).toHaveCount(0);

  const contents = page.getByRole("navigation", { name: "Contents" });
  await contents.getByRole("link", { name: "Use cases" }).click();
  await expect(page).toHaveURL(/#tag-use-cases$/);
  await expect(page.getByRole("heading", { level: 2, name: "Use cases" })).toBeInViewport();

  // The settings every use case takes, once; then each use case's typed path and fields.
  const shared = page.getByRole("table", {
    name: "Every use case's body also takes these settings",
  });
  await expect(shared.getByRole("row", { name: /language/ })).toContainText("english");
  const useCase = page.getByRole("region", { name: /Cold outreach email/ });
  await expect(
    useCase.getByRole("heading", { name: /POST \/api\/v1\/use-cases\/cold-outreach-email/ }),
  ).toBeVisible();
  const body = useCase.getByRole("table", { name: "Request body (JSON)" });
  await expect(body.getByRole("row", { name: /fields\.recipient/ })).toContainText("required");
  await expect(body.getByRole("row", { name: /fields\.ask/ })).toContainText("demo");

  await contents.getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Account" })).toBeInViewport();
  await expect(page.getByRole("link", { name: "The OpenAPI document" })).toHaveAttribute(
    "href",
    "/api/openapi.json",
  );
});
