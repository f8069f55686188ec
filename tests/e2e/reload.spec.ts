import type { Page } from "@playwright/test";
import { SAME_ORIGIN } from "./auth-helpers.ts";
import { expect, settledText, test, writeText } from "./fixtures.ts";

/** Issue 43, item 6: nothing vanishes on reload, and nothing shows to another person. */

/** Where the panel remembers its versions for this tab (src/components/islands/generator/lib/desk-memory.ts). */
const MEMORY = "atg:desk";
const PLACEHOLDER = "Your generated text will appear here.";

const memory = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), MEMORY);

test("a signed-in person's text and its versions survive a reload", async ({ page, accounts }) => {
  await accounts.register("reloader", { verified: true });
  await page.goto("/");
  const first = await writeText(page, "An article about the history of the bicycle.");
  await page.getByRole("button", { name: "Shorter" }).click();
  await expect(page.getByTestId("version-count")).toHaveText("2/2", { timeout: 20_000 });
  const shorter = await settledText(page);
  expect(shorter).not.toBe(first);
  await page.getByRole("button", { name: "Previous version" }).click();
  await expect(page.getByTestId("version-count")).toHaveText("1/2");

  await page.reload();
  // The version shown before the reload, with the other beside it.
  await expect(page.getByTestId("version-count")).toHaveText("1/2");
  await expect(page.getByTestId("version-kind")).toHaveText("Original");
  expect(await settledText(page)).toBe(first);
  await page.getByRole("button", { name: "Next version" }).click();
  await expect(page.getByTestId("version-kind")).toHaveText("Shorter");
  expect(await settledText(page)).toBe(shorter);
  // Still a text of the desk: refinable as before.
  await expect(page.getByRole("button", { name: "Friendlier" })).toBeEnabled();
});

test("a guest's trial text survives a reload", async ({ page }) => {
  await page.goto("/");
  const text = await writeText(page, "A short note to a neighbour about a parcel.");
  await page.reload();
  expect(await settledText(page)).toBe(text);
  await expect(page.getByRole("button", { name: "Regenerate" })).toBeVisible();
  await expect(page.getByText(PLACEHOLDER)).toHaveCount(0);
});

test("a deleted text does not come back", async ({ page, accounts }) => {
  await accounts.register("deleter", { verified: true });
  await page.goto("/");
  await writeText(page, "A thank-you note to a teacher.");
  const history = await page.request.get("/api/email/my");
  const [{ id }] = ((await history.json()) as { generations: { id: string }[] }).generations;
  const deleted = await page.request.delete(`/api/email/delete/${id}`, { headers: SAME_ORIGIN });
  expect(deleted.status()).toBe(200);

  const answered = page.waitForResponse((response) => response.url().includes("/api/email/my"));
  await page.reload();
  await answered;
  await expect(page.getByTestId("result-text")).toHaveCount(0);
  await expect(page.getByText(PLACEHOLDER)).toBeVisible();
});

test("after sign-out the panel does not show the previous person's text", async ({
  page,
  accounts,
}) => {
  await accounts.register("leaver", { verified: true });
  await page.goto("/");
  await writeText(page, "A letter to the council about the bus stop.");
  expect(await memory(page)).toContain("user:");

  const out = await page.request.post("/api/auth/logout", { data: {}, headers: SAME_ORIGIN });
  expect(out.status()).toBe(200);
  await page.reload();
  // The memory was read, found to be someone else's, and forgotten; nothing was shown.
  await expect.poll(() => memory(page)).toBeNull();
  await expect(page.getByTestId("result-text")).toHaveCount(0);
  await expect(page.getByText(PLACEHOLDER)).toBeVisible();

  // A guest's text, then someone signs in from this tab: not theirs to see here.
  await writeText(page, "A note to the postman.");
  expect(await memory(page)).toContain('"who":"guest"');
  await accounts.register("newcomer", { verified: true });
  await page.goto("/");
  await expect.poll(() => memory(page)).toBeNull();
  await expect(page.getByTestId("result-text")).toHaveCount(0);
  await expect(page.getByText(PLACEHOLDER)).toBeVisible();
});
