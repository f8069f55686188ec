import type { Page } from "@playwright/test";
import { SAME_ORIGIN } from "./auth-helpers.ts";
import {
  expect,
  generatorSelect,
  isPhone,
  secondVersion,
  test,
  toast,
  writeText,
} from "./fixtures.ts";

/**
 * The browser logs refused and aborted requests; they are what these tests make happen.
 * (One pattern: Playwright reads a two-element array option as [value, options].)
 */
const EXPECTED_FAILURES = [/status of 402 .*\/api\/email\/generate|net::ERR_FAILED/];

const GENERATE = { name: "Generate Text" } as const;

/** Spends credits through the API from this browser, as a second tab would. */
async function generateInAnotherTab(page: Page, content: string): Promise<void> {
  const response = await page.request.post("/api/email/generate", {
    headers: SAME_ORIGIN,
    data: { content, language: "english", contentType: "email" },
  });
  expect(response.status()).toBe(200);
}

test.describe(() => {
  test.use({ expectedConsole: EXPECTED_FAILURES });

  test("a refused fourth guest text keeps the prompt and the previous result", async ({ page }) => {
    await page.goto("/");
    const first = await writeText(page, "An email to my landlord about the broken heating.");
    // Another tab spends the rest of the trial; this page still believes 200 credits are left.
    await generateInAnotherTab(page, "A note to my neighbour about the parcel.");
    await generateInAnotherTab(page, "A reminder to my team about Friday's meeting.");

    const prompt = page.getByLabel("Describe the text you want");
    await prompt.fill("A thank-you letter to my teacher.");
    await page.getByRole("button", GENERATE).click();
    const dialog = page.getByRole("dialog", { name: "Your free trial has ended" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await expect(prompt).toHaveValue("A thank-you letter to my teacher.");
    await expect(page.getByTestId("result-text")).toHaveText(first);
    // Retry cannot help without credits: the panel points to the options instead.
    const error = page.getByTestId("result-error");
    await expect(error.getByRole("button", { name: "See your options" })).toBeVisible();
    await expect(error.getByRole("button", { name: "Retry" })).toHaveCount(0);
    // Now the page knows: the button looks locked and says why (decision 096).
    await expect(page.getByRole("button", GENERATE)).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByTestId("generator-cost")).toContainText("Your free trial has ended.");
    // So do the panel's paid actions: Regenerate and every refinement.
    await page.getByLabel("Language to translate into").selectOption("german");
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/email/generate")) asked.push(request.url());
    });
    for (const name of ["Regenerate", "Shorter", "Translate"]) {
      const button = page.getByRole("button", { name, exact: true });
      await expect(button).toHaveAttribute("aria-disabled", "true");
      // Pressed, each says why instead of doing nothing, and sends nothing.
      // Playwright counts aria-disabled as disabled and would wait; a person's press arrives.
      await button.click({ force: true });
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
    // The page knew: no text was asked for (the server's 402 would open the dialog too).
    expect(asked).toEqual([]);
    await expect(page.getByTestId("result-text")).toHaveText(first);
  });

  test("a failed attempt keeps the prompt and the previous result, and Retry sends it again", async ({
    page,
  }) => {
    await page.goto("/");
    const first = await writeText(page, "An email to my landlord about the broken heating.");

    await page.route("**/api/email/generate", (route) => route.abort("failed"));
    const prompt = page.getByLabel("Describe the text you want");
    await prompt.fill("A postcard from the seaside to my grandmother.");
    await page.getByRole("button", GENERATE).click();
    await expect(page.getByTestId("result-error")).toContainText("Network error");
    await expect(prompt).toHaveValue("A postcard from the seaside to my grandmother.");
    await expect(page.getByTestId("result-text")).toHaveText(first);

    await page.unroute("**/api/email/generate");
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByTestId("result-text")).toContainText("the seaside", {
      timeout: 20_000,
    });
    await expect(page.getByTestId("result-error")).toBeHidden();
    // Sent successfully at last: now the box is cleared (spec §4, decision 035).
    await expect(prompt).toHaveValue("");
  });
});

test("Regenerate shows a different text and keeps both versions", async ({ page }) => {
  await page.goto("/");
  const first = await writeText(page, "A short story about a lighthouse keeper.");

  const second = await secondVersion(page, "Regenerate");
  expect(second).not.toBe(first);

  await page.getByRole("button", { name: "Previous version" }).click();
  await expect(page.getByTestId("version-count")).toHaveText("1/2");
  await expect(page.getByTestId("result-text")).toHaveText(first);
  await page.getByRole("button", { name: "Next version" }).click();
  await expect(page.getByTestId("result-text")).toHaveText(second);
});

test("keyboard focus stays on the desk when Regenerate and Stop take each other's place", async ({
  page,
}) => {
  // Two long stories streamed at 10 ms a word (tests/e2e/serve.ts).
  test.slow();
  await page.goto("/");
  await (await generatorSelect(page, "Content type")).selectOption("story");
  await (await generatorSelect(page, "Length")).selectOption("long");
  await writeText(page, "A story about a lighthouse keeper. The storm. The rescue.");

  await page.getByRole("button", { name: "Regenerate" }).focus();
  await page.keyboard.press("Enter");
  // A long story streams for seconds: Stop, where Regenerate was, has the focus meanwhile.
  const stop = page.getByRole("button", { name: "Stop" });
  await expect(stop).toBeFocused();
  // Stopped before its first words, a text is refunded and leaves no version: wait for them,
  // looking every frame (the story streams for ~3.5 s, which slow polling on a busy machine
  // has used up before).
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="result-text"]')?.textContent?.trim(),
  );
  await expect(stop).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Stopped", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Regenerate" })).toBeFocused();
  await expect(page.getByTestId("version-count")).toHaveText("2/2");
  await expect(page.getByText("Version 2 of 2 · Regenerated", { exact: true })).toBeAttached();
});

test("Shorter streams a new text linked to its parent in history", async ({ page, accounts }) => {
  await accounts.startAtHome("refiner");
  const first = await writeText(page, "An article about the history of the bicycle.");

  // Streamed like any text: Stop while it writes, then the new version beside the first. A
  // short refinement streams for well under a second, less than the gaps between an
  // assertion's retries, so Stop is watched for on every frame from before the click.
  const stopShown = page.waitForFunction(() =>
    [...document.querySelectorAll("button")].some(
      (button) => button.textContent?.trim() === "Stop",
    ),
  );
  await page.getByRole("button", { name: "Shorter" }).click();
  await stopShown;
  await expect(page.getByTestId("version-count")).toHaveText("2/2", { timeout: 20_000 });
  await expect(page.getByTestId("result-text")).not.toHaveText(first);
  // The writer was given the first text to rework.
  await expect(page.getByTestId("result-text").getByRole("heading", { level: 3 })).toHaveText(
    "Revised: the history of the bicycle",
  );
  // Back to the first version: its own text, never the refinement's HTML left on screen
  // (the rendered HTML follows the text in a render of its own).
  await page.getByRole("button", { name: "Previous version" }).click();
  await expect(page.getByTestId("result-text")).toHaveText(first);
  await page.getByRole("button", { name: "Next version" }).click();
  await expect(page.getByTestId("result-text").getByRole("heading", { level: 3 })).toHaveText(
    "Revised: the history of the bicycle",
  );

  const history = await page.request.get("/api/email/my");
  const { generations } = (await history.json()) as {
    generations: { id: string; refinements: { parentId: string; refinement: string }[] }[];
  };
  expect(generations).toHaveLength(1);
  expect(generations[0]!.refinements).toEqual([
    expect.objectContaining({ parentId: generations[0]!.id, refinement: "shorter" }),
  ]);
});

test("the Generate button shows the cost and Ctrl+Enter sends the form", async ({ page }) => {
  await page.goto("/");
  const cost = page.getByTestId("generator-cost");
  await expect(cost).toHaveText("Uses 100 of your 300 credits");
  const prompt = page.getByLabel("Describe the text you want");
  await prompt.fill("An invitation to my birthday picnic in the park.");
  await expect(page.getByText("48 / 4,000")).toBeVisible();

  await prompt.press("Control+Enter");
  await expect(toast(page, "Email generated using llama3.2.")).toBeVisible({
    timeout: 20_000,
  });
  await expect(cost).toHaveText("Uses 100 of your 200 credits");
  // The terms under the form open beside the text: a guest who reads them keeps the text.
  const agreement = page.locator("p").filter({ hasText: "By generating text you agree to our" });
  for (const name of ["Terms of Service", "Privacy Policy"]) {
    await expect(agreement.getByRole("link", { name })).toHaveAttribute("target", "_blank");
  }
});

test("a story's success toast names its type, and in Turkish everything is Turkish", async ({
  page,
}) => {
  await page.goto("/");
  await (await generatorSelect(page, "Content type")).selectOption("story");
  await writeText(page, "A story about a fox who learns to fly.");
  await expect(toast(page, "Story generated using llama3.2.")).toBeVisible();

  await (await generatorSelect(page, "Language")).selectOption("turkish");

  // Turkish chosen in the form is the page's Turkish address (issue 27).

  await expect(page).toHaveURL("/tr");
  // The form is Turkish from here on.
  await (
    await generatorSelect(page, "İçerik türü", "İstediğiniz metni anlatın")
  ).selectOption("email");
  await page.getByLabel("İstediğiniz metni anlatın").fill("Ev sahibime kalorifer hakkında");
  await page.getByRole("button", { name: "Metin Oluştur" }).click();
  await expect(toast(page, "E-posta llama3.2 kullanılarak oluşturuldu.")).toBeVisible({
    timeout: 20_000,
  });
});

test("on a phone the prompt comes first and the selects fold under More options", async ({
  page,
}) => {
  test.skip(!isPhone(page), "the fold is for small screens");
  await page.goto("/");
  const prompt = page.getByLabel("Describe the text you want");
  const language = page.getByLabel("Language", { exact: true });
  await expect(prompt).toBeVisible();
  await expect(language).toBeHidden();

  const more = page.getByRole("button", { name: "More options" });
  await expect(more).toHaveAttribute("aria-expanded", "false");
  await more.click();
  await expect(language).toBeVisible();
  const promptBox = (await prompt.boundingBox())!;
  const languageBox = (await language.boundingBox())!;
  expect(promptBox.y).toBeLessThan(languageBox.y);
});

test("a writer that stops mid-text keeps what arrived, says what it cost and offers Retry", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByLabel("Describe the text you want").fill("A note the writer drops, about rain.");
  await page.getByRole("button", GENERATE).click();
  const note = page.getByTestId("stopped-note");
  await expect(note).toContainText(/^The writer stopped after \d+ words · \d+ credits/, {
    timeout: 20_000,
  });
  await expect(page.getByTestId("result-text")).toContainText("about rain");
  const charged = Number((await note.textContent())!.match(/(\d+) credits/)![1]);
  expect(charged).toBeGreaterThan(0);
  expect(charged).toBeLessThan(100);
  await expect(page.locator("#credit-card")).toContainText(`${300 - charged} credits`);
  await expect(note.getByRole("button", { name: "Retry" })).toBeVisible();
});

test("a connection lost mid-text keeps what arrived and offers no paid Retry", async ({ page }) => {
  await page.goto("/");
  // The server's answer breaks off after the first words, as a dropped connection would.
  await page.route("/api/email/generate", (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/event-stream",
      body: [
        'event: start\ndata: {"generationId":"00000000-0000-4000-8000-000000000001","subject":"the heating"}\n\n',
        'event: delta\ndata: {"text":"# The heating\\n\\nDear landlord, the heating"}\n\n',
      ].join(""),
    }),
  );
  await page.getByLabel("Describe the text you want").fill("An email about the broken heating.");
  await page.getByRole("button", GENERATE).click();

  const result = page.getByTestId("result-text");
  await expect(result.getByRole("heading", { level: 3 })).toHaveText("The heating");
  await expect(result).toContainText("Dear landlord, the heating");
  const error = page.getByTestId("result-error");
  await expect(error).toContainText("The connection was lost");
  await expect(error.getByRole("button")).toHaveCount(0);
  await expect(page.getByText("Unfinished", { exact: true })).toBeVisible();
});
