import { expect, generatorSelect, seriousAxeViolations, test, toast } from "./fixtures.ts";

/**
 * Saved voices (issue 42): a signed-in user keeps a voice from the form's "Manage voices"
 * dialog, picks it for a text, and the text is written with it.
 */
test("a signed-in user saves a voice, picks it in the form and writes with it", async ({
  page,
  accounts,
}) => {
  await accounts.startAtHome("voices", { verified: true });
  const voice = await generatorSelect(page, "Voice");
  await expect(voice).toHaveValue("");

  await page.getByRole("button", { name: "Manage voices" }).click();
  const dialog = page.getByRole("dialog", { name: "Your voices" });
  await expect(dialog.getByText("You have no voices yet.")).toBeVisible();
  await dialog.getByLabel("Name", { exact: true }).fill("Plain me");
  await dialog.getByLabel("How you write").fill("Short sentences, first names, no exclamations.");
  await dialog.getByLabel("A sample of your writing").fill("Quick update: the build is green. Ana");
  await dialog.getByRole("button", { name: "Save voice" }).click();
  await expect(toast(page, "Voice saved")).toBeVisible();
  await expect(dialog.getByText("1 of 10 voices")).toBeVisible();
  await expect(dialog.getByRole("listitem")).toContainText("Plain me");
  expect(await seriousAxeViolations(page, "dialog")).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await voice.selectOption({ label: "Plain me" });
  await page.getByLabel("Describe the text you want").fill("An email to my team about the office.");
  const sent = page.waitForRequest(
    (request) => request.method() === "POST" && request.url().endsWith("/api/email/generate"),
  );
  await page.getByRole("button", { name: "Generate Text" }).click();
  const { voiceId } = (await sent).postDataJSON() as { voiceId?: string };
  expect(voiceId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByTestId("result-text")).toContainText(
    "Written as you write: Short sentences, first names, no exclamations.",
  );
});
