import { expect, test } from "./fixtures.ts";

/** React 19's element marker: present in any bundle that carries the React runtime. */
const REACT_MARKER = "react.transitional.element";

for (const path of [
  "/write",
  "/about",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/does-not-exist",
]) {
  test.describe(() => {
    test.use({ expectedConsole: [/status of 404/] });
    test(`${path} loads no React`, async ({ page }) => {
      const scripts: string[] = [];
      page.on("response", async (response) => {
        if (response.request().resourceType() === "script") scripts.push(await response.text());
      });
      await page.goto(path, { waitUntil: "networkidle" });
      await expect(page.locator("astro-island")).toHaveCount(0);
      const inline = await page.locator("script:not([src])").allTextContents();
      for (const source of [...scripts, ...inline]) expect(source).not.toContain(REACT_MARKER);
    });
  });
}
