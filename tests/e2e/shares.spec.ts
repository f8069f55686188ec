import { SAME_ORIGIN } from "./auth-helpers.ts";
import { expect, seriousAxeViolations, test } from "./fixtures.ts";

/**
 * Issue 28, item 3: "Share" on a version makes a public page that a signed-out visitor
 * reads without learning anything of its owner; the owner revokes it from the profile.
 */

const PROMPT = "A note to the neighbours about the new recycling days.";

test("a text shared from the result opens signed out with nothing of its owner, until revoked", async ({
  page,
  accounts,
  browser,
}) => {
  const email = await accounts.writeFirstText("sharer", PROMPT);
  const text = await page.getByTestId("result-text").innerText();
  const opening = text.trim().split("\n")[0]!.slice(0, 40);

  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share this version" });
  const field = dialog.getByLabel("Link to this version");
  await expect(field).toHaveValue(/\/s\/[A-Za-z0-9_-]{22}$/);
  const link = await field.inputValue();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await dialog.getByRole("button", { name: "Copy link" }).click();
  await expect(dialog.getByText("Link copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // A stranger, with no cookie of the owner's.
  const stranger = await browser.newContext();
  try {
    const visitor = await stranger.newPage();
    const shown = await visitor.goto(link);
    expect(shown?.status()).toBe(200);
    await expect(visitor.getByRole("heading", { level: 1, name: "A shared text" })).toBeVisible();
    await expect(visitor.locator("article")).toContainText(opening);
    await expect(visitor.getByRole("link", { name: "Write your own text" })).toBeVisible();
    const html = await visitor.content();
    for (const secret of [email, "Robin Tester", PROMPT]) expect(html).not.toContain(secret);
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

    // The owner's own page too, where the fixture hears any CSP violation or error.
    await page.goto(link);
    await expect(page.locator("article")).toContainText(opening);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto("/profile");
    const links = page.getByRole("region", { name: "Shared links" });
    await expect(links.getByRole("listitem")).toHaveCount(1);
    expect(await seriousAxeViolations(page, "#shared-links-heading + ul")).toEqual([]);
    await links.getByRole("button", { name: /^Revoke the link to / }).click();
    await expect(links.getByText("The link has been revoked.")).toBeVisible();
    await expect(links.getByText("You have not shared any text.")).toBeVisible();

    const gone = await visitor.reload();
    expect(gone?.status()).toBe(404);
    await expect(visitor.locator("[data-requested-address]")).toHaveText(new URL(link).pathname);
  } finally {
    await stranger.close();
  }
});

test("an operator pastes a share link in the console and takes it down", async ({
  page,
  accounts,
}, testInfo) => {
  const owner = await accounts.register("shared-owner", { verified: true });
  const kept = await page.request.post("/api/email/own", {
    headers: SAME_ORIGIN,
    data: { text: "Minutes of the residents' meeting on the lift repair.", language: "english" },
  });
  expect(kept.status(), await kept.text()).toBe(200);
  const made = await page.request.post("/api/shares", {
    headers: SAME_ORIGIN,
    data: { generationId: ((await kept.json()) as { generationId: string }).generationId },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { url } = ((await made.json()) as { share: { url: string } }).share;
  expect((await page.request.post("/api/auth/logout", { headers: SAME_ORIGIN })).status()).toBe(
    200,
  );

  await accounts.register("operator", {
    verified: true,
    email: `operator-shares-${testInfo.project.name}@example.com`,
  });
  await page.goto("/console#shares");
  const form = page.getByRole("form", { name: "Share links" });
  await form.getByLabel("Share link").fill("https://example.com/write/not-a-link");
  await form.getByRole("button", { name: "Take down" }).click();
  await expect(form.getByRole("alert")).toContainText("This is not a share link");
  await form.getByLabel("Share link").fill(url);
  await form.getByRole("button", { name: "Take down" }).click();
  await expect(form.getByRole("status")).toHaveText("The link has been taken down.");
  expect((await page.request.get(url)).status()).toBe(404);
  const audit = page.locator("#audit");
  await expect(audit.getByText("Took down a share link").first()).toBeVisible();
  await expect(audit.getByText(owner).first()).toBeVisible();
});
