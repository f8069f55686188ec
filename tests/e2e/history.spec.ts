import type { Page } from "@playwright/test";
import { SAME_ORIGIN } from "./auth-helpers.ts";
import { expect, generatorSelect, test, type TestAccounts } from "./fixtures.ts";

interface Text {
  id: string;
  subject: string;
}

/** Writes a text through the API in the page's session, as the generator would. */
async function write(page: Page, body: Record<string, unknown>): Promise<void> {
  const response = await page.request.post("/api/email/generate", {
    headers: SAME_ORIGIN,
    data: { language: "english", contentType: "email", ...body },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function texts(page: Page): Promise<Text[]> {
  const response = await page.request.get("/api/email/my");
  return ((await response.json()) as { generations: Text[] }).generations;
}

/** A signed-in account with three texts, on /profile. */
async function libraryOfThree(page: Page, accounts: TestAccounts) {
  await accounts.register("library", { verified: true });
  await write(page, {
    content: "An essay about the history of the bicycle.",
    contentType: "essay",
  });
  await write(page, { content: "An email to my landlord about the broken heating." });
  await write(page, { content: "رسالة إلى جاري عن الحديقة المشتركة", language: "arabic" });
  await page.goto("/profile");
}

test("on a 390 px phone every history action is inside the viewport", async ({
  page,
  accounts,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await libraryOfThree(page, accounts);
  const list = page.getByRole("list", { name: "Your texts" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  const buttons = list.getByRole("button");
  await expect(buttons).toHaveCount(9); // Open, Copy, Delete for each
  for (const button of await buttons.all()) {
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("search narrows the list, and the filters narrow it too", async ({ page, accounts }) => {
  await libraryOfThree(page, accounts);
  const list = page.getByRole("list", { name: "Your texts" }).or(page.getByRole("table"));
  const entries = list.getByRole("button", { name: /^Open / });
  await expect(entries).toHaveCount(3);

  await page.getByRole("searchbox", { name: "Search your texts" }).fill("heating");
  await expect(entries).toHaveCount(1);
  await expect(entries).toHaveAccessibleName(/broken heating/);
  await expect(page).toHaveURL(/\?q=heating$/);

  await page.getByRole("searchbox", { name: "Search your texts" }).fill("");
  await page.getByRole("combobox", { name: "Type" }).selectOption("essay");
  await expect(entries).toHaveCount(1);
  await expect(entries).toHaveAccessibleName(/bicycle/);

  await page.getByRole("combobox", { name: "Type" }).selectOption("");
  await page.getByRole("searchbox", { name: "Search your texts" }).fill("no such words anywhere");
  await expect(page.getByText("No texts match your search.")).toBeVisible();
});

test("the viewer opens and Use this prompt again fills the box", async ({ page, accounts }) => {
  await libraryOfThree(page, accounts);
  await page
    .getByRole("button", { name: /^Open ".*bicycle/ })
    .filter({ visible: true })
    .click();
  const viewer = page.getByRole("dialog", { name: /bicycle/ });
  await expect(viewer.getByRole("heading", { level: 3 })).toHaveText("the history of the bicycle");
  await expect(viewer.getByRole("button", { name: "Download .docx" })).toBeVisible();

  await viewer.getByRole("button", { name: "Use this prompt again" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel("Describe the text you want")).toHaveValue(
    "An essay about the history of the bicycle.",
  );
  await expect(await generatorSelect(page, "Content type")).toHaveValue("essay");
});

test("refinements appear under their parent", async ({ page, accounts }) => {
  await accounts.register("refiner", { verified: true });
  await write(page, {
    content: "An essay about the history of the bicycle.",
    contentType: "essay",
  });
  await write(page, { content: "An email to my landlord about the broken heating." });
  const parent = (await texts(page)).find((text) => /bicycle/.test(text.subject))!;
  await write(page, {
    content: "An essay about the history of the bicycle.",
    contentType: "essay",
    refine: { parentId: parent.id, action: "shorter" },
  });
  await page.goto("/profile");

  const entries = page.locator("[data-history-entry]").filter({ visible: true });
  await expect(entries).toHaveCount(3);
  // Newest first, but the refinement sits right under the text it was made from.
  const parentIndex = await entries.evaluateAll(
    (elements, id) =>
      elements.findIndex((element) => element.getAttribute("data-history-entry") === id),
    parent.id,
  );
  const refinement = entries.nth(parentIndex + 1);
  await expect(refinement).toHaveAttribute("data-refinement-of", parent.id);
  await expect(refinement).toContainText("Shorter");
  // The text it was made from says what it is; a text with no refinements needs no label.
  await expect(entries.nth(parentIndex)).toContainText("Original");
  await expect(entries.filter({ hasText: "Original" })).toHaveCount(1);
});

test("an Arabic history row is right to left", async ({ page, accounts }) => {
  await libraryOfThree(page, accounts);
  const arabic = page
    .locator("[data-history-entry]")
    .filter({ visible: true })
    .filter({ hasText: "الحديقة" });
  // The subject takes its direction from its own words (here Arabic), never from the text's.
  const subject = arabic.getByTestId("history-subject").first();
  await expect(subject).toHaveAttribute("dir", "auto");
  await expect(subject).toHaveCSS("direction", "rtl");
  await arabic.getByRole("button", { name: /^Open / }).click();
  await expect(page.getByTestId("viewer-text")).toHaveAttribute("dir", "rtl");
});
