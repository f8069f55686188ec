import { expect, seriousAxeViolations, test } from "./fixtures.ts";

/**
 * Issue 29, item 3: on the profile a verified person makes a named API key, sees it in full
 * once (with a copy button and the warning), and from then on only its name and its first
 * characters; a script's request with it works until the key is revoked.
 */
test("an API key is shown once in full, then only by its name, until revoked", async ({
  page,
  accounts,
  request,
}) => {
  await accounts.register("keyholder", { verified: true });
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "API keys" });
  await expect(section.getByText("You have no API keys.")).toBeVisible();

  await section.getByRole("button", { name: "Create key" }).click();
  await expect(section.getByText("Please give the key a name.")).toBeVisible();
  await section.getByLabel("Key name").fill("Nightly digest");
  await section.getByRole("button", { name: "Create key" }).click();

  const shown = section.getByLabel("API key", { exact: true });
  await expect(shown).toHaveValue(/^atg_[a-z2-7]{52}$/);
  const secret = await shown.inputValue();
  await expect(section.getByText("Copy this key now. It will not be shown again.")).toBeVisible();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await section.getByRole("button", { name: "Copy key" }).click();
  await expect(section.getByText("Key copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  expect(await seriousAxeViolations(page, "#api-keys-heading ~ *")).toEqual([]);

  // A script, with no cookie of the page's, uses the key.
  const bearer = { authorization: `Bearer ${secret}` };
  expect((await request.get("/api/email/my", { headers: bearer })).status()).toBe(200);

  await section.getByRole("button", { name: "I have copied it" }).click();
  await expect(shown).toBeHidden();
  const item = section.getByRole("listitem").filter({ hasText: "Nightly digest" });
  await expect(item).toContainText(`${secret.slice(0, 12)}…`);

  // After a reload the key is only its name, its prefix and its last use.
  await page.reload();
  await expect(item).toContainText("Last used");
  await expect(section.getByLabel("API key", { exact: true })).toHaveCount(0);
  expect(await page.content()).not.toContain(secret.slice(12));

  await item.getByRole("button", { name: "Revoke the key Nightly digest" }).click();
  await expect(section.getByText("The key has been revoked.", { exact: false })).toBeVisible();
  await expect(section.getByText("You have no API keys.")).toBeVisible();
  expect((await request.get("/api/email/my", { headers: bearer })).status()).toBe(401);
});

test("an unverified account is asked to verify before it can make a key", async ({
  page,
  accounts,
}) => {
  await accounts.register("unverified-keyholder", { verified: false });
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "API keys" });
  await expect(
    section.getByText("Verify your email address to create API keys.", { exact: true }),
  ).toBeVisible();
  await expect(section.getByRole("button", { name: "Create key" })).toHaveCount(0);
});
