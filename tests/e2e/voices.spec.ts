import { expect, generatorSelect, seriousAxeViolations, test, toast } from "./fixtures.ts";
import { SAME_ORIGIN } from "./auth-helpers.ts";

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

test("a text remembers its voice, and a deleted voice, confirmed first, is none again", async ({
  page,
  accounts,
}) => {
  await accounts.register("voice-memory", { verified: true });
  const saved = await page.request.post("/api/voices", {
    headers: SAME_ORIGIN,
    data: { name: "Plain me", description: "Short sentences." },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const { voice } = (await saved.json()) as { voice: { id: string } };
  const written = await page.request.post("/api/email/generate", {
    headers: SAME_ORIGIN,
    data: {
      content: "An email to my team about the office.",
      language: "english",
      contentType: "email",
      voiceId: voice.id,
    },
  });
  expect(written.status(), await written.text()).toBe(200);

  /** The history's "Use this prompt again" for the text, and the form's voice after it. */
  async function reuse() {
    await page.goto("/profile");
    await page
      .locator("[data-history-entry]")
      .filter({ visible: true })
      .getByRole("button", { name: /^Open "/ })
      .click();
    await page.getByRole("button", { name: "Use this prompt again" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByLabel("Describe the text you want")).toHaveValue(
      "An email to my team about the office.",
    );
    return generatorSelect(page, "Voice");
  }

  const picker = await reuse();
  await expect(picker).toHaveValue(voice.id);
  await expect(picker.locator("option:checked")).toHaveText("Plain me");

  // Delete asks first: Cancel keeps the voice, "Yes, delete" deletes it.
  await page.getByRole("button", { name: "Manage voices" }).click();
  const dialog = page.getByRole("dialog", { name: "Your voices" });
  await dialog.getByRole("button", { name: "Delete" }).click();
  const question = dialog.getByRole("group", {
    name: "Delete Plain me? Texts written in it keep their words.",
  });
  await expect(question).toBeVisible();
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog.getByRole("button", { name: "Delete" })).toBeFocused();
  await expect(dialog.getByText("1 of 10 voices")).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await question.getByRole("button", { name: "Yes, delete" }).click();
  await expect(toast(page, "Voice deleted")).toBeVisible();
  await expect(dialog.getByText("0 of 10 voices")).toBeVisible();
  await page.keyboard.press("Escape");

  // The text's voice is gone: the prompt comes back without one, and says nothing of it.
  await expect(await reuse()).toHaveValue("");
  await expect(page.getByRole("alert")).toHaveCount(0);
});
