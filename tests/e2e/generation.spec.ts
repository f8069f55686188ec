import { readFile } from "node:fs/promises";
import { SAME_ORIGIN } from "./auth-helpers.ts";
import { expect, generatorSelect, isPhone, seriousAxeViolations, test, toast } from "./fixtures.ts";

const PROMPT =
  "Write an email to my landlord about the broken heating. It has been cold for a week.";

/** The browser logs the 402 that opens the credit dialog; it is the point of these tests. */
const EXPECTED_402 = [/status of 402 .*\/api\/email\/generate/];

test.describe(() => {
  test.use({ expectedConsole: EXPECTED_402 });

  test("a guest writes three texts and the fourth opens the guest credit dialog", async ({
    page,
  }) => {
    await page.goto("/");
    const card = page.locator("#credit-card");
    await expect(card).toContainText("300 credits");
    const prompt = page.getByLabel("Describe the text you want");
    for (let i = 1; i <= 3; i++) {
      await prompt.fill(`${PROMPT} Attempt ${i}.`);
      await page.getByRole("button", { name: "Generate Text" }).click();
      await expect(toast(page, "Email generated using llama3.2.")).toBeVisible();
      await expect(page.getByText("llama3.2 · OpenAI-compatible", { exact: true })).toBeVisible();
      await expect(page.getByTestId("result-text")).toContainText("the broken heating");
      await expect(card).toContainText(`${300 - i * 100} credits`);
    }
    await expect(card).toContainText(
      "Your free trial has ended. Create an account for more usage.",
    );

    // At zero the button looks locked and says why (decision 096).
    await prompt.fill(PROMPT);
    const generate = page.getByRole("button", { name: "Generate Text" });
    await expect(generate).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByTestId("generator-cost")).toContainText("Your free trial has ended.");
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/email/generate")) asked.push(request.url());
    });
    // Pressed, it opens the dialog; so do Ctrl+Enter in the prompt and the line's link.
    const dialog = page.getByRole("dialog", { name: "Your free trial has ended" });
    // Playwright counts aria-disabled as disabled and would wait; a person's press arrives.
    await generate.click({ force: true });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await prompt.press("Control+Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "See your options" }).click();
    await expect(dialog).toBeVisible();
    // The page knew: no text was asked for (the server's 402 would open the dialog too).
    expect(asked).toEqual([]);
    await expect(dialog.getByRole("link", { name: "Create Account" })).toHaveAttribute(
      "href",
      "/register",
    );
    await expect(dialog.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/login");
    // A credit error opens the dialog and shows no error toast.
    await expect(
      page.getByRole("region", { name: /Notifications/ }).getByText(/failed/i),
    ).toHaveCount(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});

test.describe(() => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("a registered user streams, copies, regenerates, stops, downloads, then finds and deletes the text in Profile", async ({
    page,
    accounts,
  }) => {
    test.skip(
      isPhone(page),
      "one full journey at desktop size is enough; the phone runs the guest journey",
    );
    // A long journey: three generations, downloads, history.
    test.setTimeout(60_000);
    // New accounts are reminded to verify; this journey is about writing.
    await accounts.startAtHome("writer");

    await (await generatorSelect(page, "Content type")).selectOption("essay");
    await (await generatorSelect(page, "Length")).selectOption("long");
    const prompt = page.getByLabel("Describe the text you want");
    await prompt.fill(
      "An essay about rivers and the cities that grew around them. Trade. Floods. Bridges. Ports. Mills. Festivals.",
    );
    await page.getByRole("button", { name: "Generate Text" }).click();
    await expect(prompt).toHaveValue("");
    await expect(page.getByRole("button", { name: "Generating..." })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();
    const result = page.getByTestId("result-text");
    await expect(
      result.getByRole("heading", {
        level: 3,
        name: "rivers and the cities that grew around them",
      }),
    ).toBeVisible();
    // About 700 words, streamed: seconds, not the default five.
    await expect(page.getByRole("button", { name: "Copy" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("llama3.2 · OpenAI-compatible", { exact: true })).toBeVisible();
    await expect(page.getByText(/^\d+ words • Essay$/)).toBeVisible();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download .md" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("rivers-and-the-cities-that-grew-around-them.md");
    // The text as written: Markdown, which the panel shows rendered.
    const text = await readFile((await file.path())!, "utf8");
    expect(text).toMatch(/^# rivers and the cities that grew around them\n/);

    await page.getByRole("button", { name: "Copy" }).click();
    await expect(toast(page, "Text copied to clipboard!")).toBeVisible();
    // Plain text on the clipboard: the words, without the Markdown marks.
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      text.replace(/^# /, "").trimEnd(),
    );

    await page.getByRole("button", { name: "Regenerate" }).click();
    await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();
    await expect(toast(page, "Essay generated using llama3.2.")).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.locator("#credit-card")).toContainText("100 credits");

    await prompt.fill(
      "A story about a lighthouse keeper who finds a message in a bottle. The storm. The rescue.",
    );
    await page.getByRole("button", { name: "Generate Text" }).click();
    // A long story streams for seconds: Stop is pressed while it writes.
    await expect(page.getByRole("button", { name: "Generating..." })).toBeDisabled();
    await expect(result).not.toBeEmpty();
    await page.getByRole("button", { name: "Stop" }).click();
    await expect(page.getByText("Stopped", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Stop" })).toBeHidden();
    // Text had arrived, so the stopped story is kept and costs its words' share (decision 056).
    const note = page.getByTestId("stopped-note");
    await expect(note).toHaveText(/^Stopped after \d+ words · \d+ credits$/);
    const charged = Number((await note.textContent())!.match(/(\d+) credits$/)![1]);
    expect(charged).toBeGreaterThan(0);
    expect(charged).toBeLessThanOrEqual(100);
    await expect(page.locator("#credit-card")).toContainText(
      new RegExp(`\\b${100 - charged} credits`),
    );
    await expect(page.getByRole("button", { name: "Generate Text" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );

    await page.goto("/profile");
    const table = page.getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(4); // header + 2 essays + the stopped story
    await expect(
      table.getByRole("cell", { name: "rivers and the cities that grew around them" }).first(),
    ).toBeVisible();
    await expect(table.getByRole("cell", { name: "Essay" }).first()).toBeVisible();
    await expect(table.getByRole("cell", { name: "English" }).first()).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await table
      .getByRole("button", { name: /^Delete "rivers/ })
      .first()
      .click();
    const confirm = page.getByRole("dialog", { name: "Delete this text?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Text deleted successfully")).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(3);
  });
});

test.describe(() => {
  test.use({ expectedConsole: EXPECTED_402 });

  test("with Turkish selected, validation, toasts and the credit dialog are in Turkish", async ({
    page,
  }) => {
    await page.goto("/");
    await (await generatorSelect(page, "Language")).selectOption("turkish");
    // Turkish chosen in the form is the page's Turkish address (issue 27).
    await expect(page).toHaveURL("/tr");
    expect(await page.evaluate(() => localStorage.getItem("selectedLanguage"))).toBe("turkish");

    await page.getByRole("button", { name: "Metin Oluştur" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Lütfen ne tür bir metin istediğinizi yazın." }),
    ).toBeVisible();
    await expect(toast(page, "Ne yazalım?")).toBeVisible();

    // Use up the trial through the API in this browser, then ask once more in the page.
    for (let i = 0; i < 3; i++) {
      const response = await page.request.post("/api/email/generate", {
        headers: SAME_ORIGIN,
        data: {
          content: "Ev sahibime kalorifer hakkında bir e-posta",
          language: "turkish",
          contentType: "email",
        },
      });
      expect(response.status()).toBe(200);
      expect((await response.json()).modelUsed).toBe("localai");
    }
    await page
      .getByLabel("İstediğiniz metni anlatın")
      .fill("Ev sahibime kalorifer hakkında bir e-posta");
    await page.getByRole("button", { name: "Metin Oluştur" }).click();
    const dialog = page.getByRole("dialog", { name: "Ücretsiz deneme sona erdi" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Kayıt Ol" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Giriş Yap" })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("Dil", { exact: true })).toHaveValue("turkish");
  });
});
