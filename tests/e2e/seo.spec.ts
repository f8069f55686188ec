import { expect, test } from "./fixtures.ts";

const pages = [
  { path: "/", canonical: "http://localhost:4321/" },
  { path: "/write", canonical: "http://localhost:4321/write" },
  {
    path: "/write/cold-outreach-email",
    canonical: "http://localhost:4321/write/cold-outreach-email",
  },
  { path: "/about", canonical: "http://localhost:4321/about" },
  { path: "/contact", canonical: "http://localhost:4321/contact" },
  { path: "/privacy-policy", canonical: "http://localhost:4321/privacy-policy" },
  { path: "/terms-of-service", canonical: "http://localhost:4321/terms-of-service" },
];

for (const { path, canonical } of pages) {
  test(`${path} has its own title, description, canonical and Open Graph tags`, async ({
    page,
  }) => {
    await page.goto(path);
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(title.length).toBeGreaterThan(5);
    expect(description?.length ?? 0).toBeGreaterThan(50);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
      "content",
      description!,
    );
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical);
  });
}

test("the home page describes the product as a SoftwareApplication and advertises the copy's rating", async ({
  page,
}) => {
  await page.goto("/");
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  const data = JSON.parse(json!) as Record<string, unknown>;
  expect(data["@type"]).toBe("SoftwareApplication");
  // The advertised line is marketing copy (src/content/copy.yaml); the structured data's
  // rating is the approved testimonials' (tests/api/testimonials.test.ts).
  await expect(page.getByText("out of 5 from 87 ratings")).toBeVisible();
});

test("titles are unique across the public pages", async ({ page }) => {
  const titles = new Set<string>();
  for (const { path } of pages) {
    await page.goto(path);
    titles.add(await page.title());
  }
  expect(titles.size).toBe(pages.length);
});
