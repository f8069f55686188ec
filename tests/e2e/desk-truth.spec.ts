import type { Locator, Page } from "@playwright/test";
import { SAME_ORIGIN } from "./auth-helpers.ts";
import { expect, generatorSelect, isPhone, seriousAxeViolations, test, toast } from "./fixtures.ts";

/**
 * Issue 22, "the desk tells the truth": what the result panel, its toasts, the history and
 * the credit dialog say is what happened.
 */

const GENERATE = { name: "Generate Text" } as const;

/** Writes one text through the form and waits for it to be finished. */
async function writeText(page: Page, prompt: string): Promise<void> {
  await page.getByLabel("Describe the text you want").fill(prompt);
  await page.getByRole("button", GENERATE).click();
  await expect(page.getByRole("button", { name: "Regenerate" })).toBeVisible({ timeout: 20_000 });
}

/** A long essay (about 700 words): taller than the panel's text box on a desktop. */
async function writeLongEssay(page: Page): Promise<void> {
  await (await generatorSelect(page, "Content type")).selectOption("essay");
  await (await generatorSelect(page, "Length")).selectOption("long");
  await writeText(page, "An essay about rivers and the cities that grew around them.");
}

/** Spends credits through the API from this browser, as a second tab would. */
async function spendText(page: Page): Promise<void> {
  const response = await page.request.post("/api/email/generate", {
    headers: SAME_ORIGIN,
    data: {
      content: "A note to the team about Friday.",
      language: "english",
      contentType: "email",
    },
  });
  expect(response.status()).toBe(200);
}

/** Watches one ad through the API, claiming it once its time is up. */
async function watchAd(page: Page): Promise<void> {
  const started = await page.request.post("/api/credits/ad-session", {
    headers: SAME_ORIGIN,
    data: {},
  });
  expect(started.ok()).toBe(true);
  const { adSessionId } = (await started.json()) as { adSessionId: string };
  // AD_WATCH_SECONDS is 2 on this server: claimed once the server says the time is up.
  await expect
    .poll(
      async () =>
        (
          await page.request.post("/api/credits/watch-ad", {
            headers: SAME_ORIGIN,
            data: { adSessionId },
          })
        ).status(),
      { intervals: [1_000], timeout: 15_000 },
    )
    .toBe(200);
}

/** The two boxes share some of the screen. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) throw new Error("a box is not on screen");
  return (
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height
  );
}

test("the badge names the server's model, and a refinement's toast says what it wrote", async ({
  page,
}) => {
  await page.goto("/");
  await writeText(page, "An email to my landlord about the broken heating.");
  // OPENAI_COMPAT_MODEL's default: the model the e2e server asks its writer for.
  await expect(toast(page, "Email generated using llama3.2.")).toBeVisible();
  await expect(page.getByText("llama3.2 · OpenAI-compatible", { exact: true })).toBeVisible();
  await expect(page.getByText("Local AI", { exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Shorter" }).click();
  await expect(toast(page, "Shorter version written")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("version-count")).toHaveText("2/2");

  await page.getByLabel("Language to translate into").selectOption("german");
  await page.getByRole("button", { name: "Translate", exact: true }).click();
  await expect(toast(page, "Translated into German")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("version-count")).toHaveText("3/3");
  await expect(toast(page, "Email generated using llama3.2.")).toHaveCount(0);
});

test("a Stop before the first word says that nothing was charged", async ({ page }) => {
  await page.goto("/");
  const card = page.locator("#credit-card");
  await expect(card).toContainText("300 credits");
  const prompt = page.getByLabel("Describe the text you want");
  // The e2e writer waits 10 s before the first word of a text that "takes its time".
  await prompt.fill("A note that takes its time to begin.");
  await page.getByRole("button", GENERATE).click();
  await page.getByRole("button", { name: "Stop" }).click();

  await expect(page.getByTestId("stopped-before-words")).toHaveText(
    "Stopped before any words: nothing was charged.",
  );
  await expect(page.getByRole("button", { name: "Stop" })).toBeHidden();
  await expect(page.getByTestId("result-text")).toHaveCount(0);
  await expect(prompt).toHaveValue("A note that takes its time to begin.");
  // The balance is read again after every attempt: still all of it.
  await expect(card).toContainText("300 credits");
  const status = await page.request.get("/api/credits/status");
  expect(((await status.json()) as { credits: number }).credits).toBe(300);

  // The next text starts without the note.
  await writeText(page, "An email to my landlord about the broken heating.");
  await expect(page.getByTestId("stopped-before-words")).toHaveCount(0);
});

test("the history marks a stopped text and lists a variant under its original", async ({
  page,
  accounts,
}) => {
  await accounts.writeFirstText(
    "truthful-history",
    "An email to my landlord about the broken heating.",
  );
  await page.getByRole("button", { name: "Regenerate" }).click();
  await expect(page.getByTestId("version-count")).toHaveText("2/2", { timeout: 20_000 });
  // The e2e writer drops a text that says so after 20 words: kept, stopped by its writer.
  await writeText(page, "A note about the party; the writer drops it halfway.");
  await expect(page.getByTestId("stopped-note")).toContainText("The writer stopped after");

  const { generations } = (await (await page.request.get("/api/email/my")).json()) as {
    generations: { id: string; stoppedWords: number | null; refinements: { id: string }[] }[];
  };
  expect(generations).toHaveLength(2);
  const [stopped, original] = generations;
  expect(stopped!.stoppedWords).toBeGreaterThan(0);
  expect(original!.refinements).toHaveLength(1);
  const variant = original!.refinements[0]!;

  await page.goto("/profile");
  const entries = page.locator("[data-history-entry]:visible");
  await expect(entries).toHaveCount(3);
  await expect(page.locator("[data-history-entry]:visible:not([data-refinement-of])")).toHaveCount(
    2,
  );
  const variantEntry = page.locator(`[data-history-entry="${variant.id}"]:visible`);
  await expect(variantEntry).toHaveAttribute("data-refinement-of", original!.id);
  await expect(variantEntry).toContainText("Regenerated");
  await expect(
    page.locator(`[data-history-entry="${stopped!.id}"]:visible`).getByTestId("history-stopped"),
  ).toHaveText(`Stopped after ${stopped!.stoppedWords} words`);
  await expect(
    page.locator(`[data-history-entry="${original!.id}"]:visible`).getByTestId("history-stopped"),
  ).toHaveCount(0);
});

test("the weekly-limit dialog offers ads only while some are left today", async ({
  page,
  accounts,
}) => {
  // Fifteen texts and five ads (2 s each on this server) through the API.
  test.slow();
  await accounts.register("ads-offer", { verified: true });
  for (let i = 0; i < 10; i++) await spendText(page);

  await page.goto("/");
  await page.getByRole("button", { name: "See your options" }).click();
  let dialog = page.getByRole("dialog", { name: "Weekly limit reached" });
  await expect(dialog).toContainText("earn extra credits by watching short ads");
  await expect(dialog.getByRole("link", { name: "Earn credits" })).toHaveAttribute(
    "href",
    "/credits",
  );
  await dialog.getByRole("button", { name: "OK" }).click();

  for (let i = 0; i < 5; i++) await watchAd(page);
  const status = (await (await page.request.get("/api/credits/status")).json()) as {
    adsWatchedToday: number;
    adsPerDay: number;
    credits: number;
  };
  expect(status.adsWatchedToday).toBe(status.adsPerDay);
  for (let spent = 0; spent < status.credits; spent += 100) await spendText(page);

  await page.reload();
  await page.getByRole("button", { name: "See your options" }).click();
  dialog = page.getByRole("dialog", { name: "Weekly limit reached" });
  await expect(dialog).toContainText(
    "You have used this week's credits and today's ads. Your credits renew every Monday morning.",
  );
  await expect(dialog.getByRole("link", { name: "Earn credits" })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "OK" })).toBeVisible();
});

test("the success toast never covers the panel's actions", async ({ page }) => {
  await page.goto("/");
  await writeLongEssay(page);
  const shown = page.locator('[data-variant="success"]');
  await expect(shown).toBeVisible();
  // F8 moves focus to the notifications, which holds the toast on screen while it is looked at.
  await page.keyboard.press("F8");
  // The panel's actions (Generate avoids the toast too: toast-placement.spec.ts).
  const actions = page.locator("div[data-toast-avoid]");
  expect(await overlap(shown, actions)).toBe(false);

  // Wherever the page is scrolled to, the actions at the bottom of the screen or the top.
  for (const block of ["end", "start", "center"] as const) {
    await actions.evaluate((element, at) => element.scrollIntoView({ block: at }), block);
    await expect(page.getByRole("button", { name: "Print" })).toBeInViewport();
    await expect.poll(() => overlap(shown, actions), { message: block }).toBe(false);
  }
  await expect(shown).toBeVisible();
});

test("on a phone the text scrolls with the page; on a desktop it is a focusable scroll box", async ({
  page,
}) => {
  await page.goto("/");
  await writeLongEssay(page);
  const text = page.getByTestId("result-text");
  const box = await text.evaluate((element) => ({
    overflow: getComputedStyle(element).overflowY,
    scrolls: element.scrollHeight > element.clientHeight + 1,
    tabIndex: element.tabIndex,
  }));
  if (isPhone(page)) {
    expect(box).toMatchObject({ overflow: "visible", scrolls: false });
    // The page itself is what scrolls through the text.
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(pageHeight).toBeGreaterThan((await text.boundingBox())!.height);
  } else {
    expect(box).toMatchObject({ overflow: "auto", scrolls: true });
  }
  // A labelled region either way, reachable by keyboard where it scrolls.
  expect(box.tabIndex).toBe(0);
  await expect(text).toHaveAttribute("role", "region");
  expect(await seriousAxeViolations(page, "#result-text")).toEqual([]);
});
