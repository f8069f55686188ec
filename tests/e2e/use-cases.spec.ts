import type { Page, Request } from "@playwright/test";
import { SAME_ORIGIN } from "./auth-helpers.ts";
import { messages, type MessageKey } from "#i18n/messages.ts";
import { useCaseWords } from "#i18n/use-cases.ts";
import { expect, generatorSelect, isPhone, seriousAxeViolations, test, toast } from "./fixtures.ts";

/** The generator's use-case words of either catalog, in English: none may show in Turkish. */
const ENGLISH_WORDS = [
  ...(["useCase.label", "useCase.describe", "useCase.choose", "useCase.extraLabel"] as const).map(
    (key: MessageKey) => messages.en[key],
  ),
  ...Object.values(useCaseWords.en).filter((text) => !text.includes("{")),
];

async function openPicker(page: Page, name = "Choose a use case") {
  await page.getByRole("button", { name }).click();
  const dialog = page.getByRole("dialog", { name });
  // The dialog's code and the list load on first use: then the categories show.
  await expect(dialog.getByRole("heading", { level: 3 }).first()).toBeVisible();
  return dialog;
}

/** The request the form sends for a text, read as the server receives it. */
function nextGeneration(page: Page): Promise<Request> {
  return page.waitForRequest(
    (request) => request.url().endsWith("/api/email/generate") && request.method() === "POST",
  );
}

test("on / the picker finds a use case by part of its name, and choosing it shows its fields", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByText("Use case: Describe it yourself")).toBeVisible();
  const dialog = await openPicker(page);
  const search = dialog.getByLabel("Search use cases");
  await expect(search).toBeFocused();
  const cold = dialog.getByRole("button", { name: "Cold outreach email" });
  await expect(cold).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "E-mail" })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Typing filters the list: nothing for a word no use case has, the one it names for part of it.
  await search.fill("zzqx");
  await expect(dialog.getByRole("status")).toHaveText("No use case matches your search.");
  await expect(cold).toBeHidden();
  await search.fill("COLD OUTR");
  await expect(cold).toBeVisible();
  await expect(cold).toHaveAccessibleDescription(/someone who does not know you yet/);
  await expect(dialog.getByRole("status")).toHaveText("1 use case");

  // Enter takes the first match; the person goes on at its first field.
  await search.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Use case: Cold outreach email")).toBeVisible();
  const recipient = page.getByLabel("Who you are writing to");
  await expect(recipient).toBeFocused();
  await expect(recipient).toHaveAttribute("maxlength", "200");
  await expect(recipient).toHaveAccessibleDescription(/Their role and company/);
  await expect(page.getByLabel("What you offer")).toHaveJSProperty("tagName", "TEXTAREA");
  await expect(page.getByText("0 / 1,000")).toBeVisible();
  const ask = page.getByLabel("The next step you ask for");
  await expect(ask.locator("option")).toHaveText([
    "Choose…",
    "A 15-minute call",
    "A short demo",
    "The right person to talk to",
  ]);
  await expect(page.getByLabel("Anything else the writer should know (optional)")).toBeVisible();
  await expect(page.getByLabel("Describe the text you want")).toHaveCount(0);
  expect(await seriousAxeViolations(page, "#generator")).toEqual([]);
  // Its type, tone and length; the type is the use case's own, tone and length stay free.
  const promptLabel = "Anything else the writer should know (optional)";
  await expect(await generatorSelect(page, "Content type", promptLabel)).toBeDisabled();
  await expect(await generatorSelect(page, "Content type", promptLabel)).toHaveValue("email");
  await expect(await generatorSelect(page, "Tone", promptLabel)).toHaveValue("confident");
  await expect(await generatorSelect(page, "Length", promptLabel)).toHaveValue("short");
  await expect(await generatorSelect(page, "Tone", promptLabel)).toBeEnabled();

  // And back: the form as it was, the fields gone.
  await page.getByRole("button", { name: "Describe it yourself" }).click();
  await expect(page.getByLabel("Describe the text you want")).toBeFocused();
  await expect(page.getByLabel("Who you are writing to")).toHaveCount(0);
  await expect(await generatorSelect(page, "Content type")).toBeEnabled();
});

test("the picker answers to the keyboard: arrows move between the choices", async ({ page }) => {
  test.skip(isPhone(page), "a keyboard's test; the phone runs the others");
  await page.goto("/");
  const dialog = await openPicker(page);
  await dialog.getByLabel("Search use cases").fill("cold outreach");
  await page.keyboard.press("ArrowDown");
  await expect(dialog.getByRole("button", { name: "Describe it yourself" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(dialog.getByRole("button", { name: "Cold outreach email" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Who you are writing to")).toBeFocused();

  // Escape leaves the choice as it is.
  await page.getByRole("button", { name: "Change use case" }).click();
  await expect(page.getByRole("dialog", { name: "Choose a use case" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Choose a use case" })).toBeHidden();
  await expect(page.getByText("Use case: Cold outreach email")).toBeVisible();
});

test("in Turkish the picker and the fields show the use case's Turkish name and labels", async ({
  page,
}) => {
  await page.goto("/");
  await (await generatorSelect(page, "Language")).selectOption("turkish");
  // Turkish chosen in the form is the page's Turkish address (issue 27).
  await expect(page).toHaveURL("/tr");
  await expect(page.getByText("Kullanım alanı: Kendiniz anlatın")).toBeVisible();
  const dialog = await openPicker(page, "Bir kullanım alanı seçin");
  await dialog.getByLabel("Kullanım alanlarında arayın").fill("soğuk tanış");
  const cold = dialog.getByRole("button", { name: "Soğuk tanışma e-postası" });
  await expect(cold).toHaveAccessibleDescription(/Sizi henüz tanımayan birine/);
  await expect(dialog.getByRole("heading", { name: "E-posta" })).toBeVisible();
  await expect(dialog.getByRole("status")).toHaveText("1 kullanım alanı");
  for (const english of ENGLISH_WORDS) await expect(dialog).not.toContainText(english);
  await cold.click();

  await expect(page.getByText("Kullanım alanı: Soğuk tanışma e-postası")).toBeVisible();
  await expect(page.getByLabel("Kime yazıyorsunuz")).toBeFocused();
  await expect(page.getByLabel("Ne sunuyorsunuz")).toBeVisible();
  await expect(page.getByLabel("İstediğiniz sonraki adım").locator("option")).toHaveText([
    "Seçin…",
    "15 dakikalık bir görüşme",
    "Kısa bir demo",
    "Konuşulacak doğru kişi",
  ]);
  await expect(
    page.getByLabel("Yazarın bilmesi gereken başka bir şey (isteğe bağlı)"),
  ).toBeVisible();
  const form = page.locator("#generator form");
  for (const english of ENGLISH_WORDS) await expect(form).not.toContainText(english);
  await expect(form).not.toContainText("Who you are writing to");

  // The browser's check words the server's reason in Turkish, at the field.
  await page.getByRole("button", { name: "Metin Oluştur" }).click();
  await expect(page.getByLabel("Kime yazıyorsunuz")).toHaveAccessibleDescription(
    /Lütfen bu alanı doldurun\./,
  );
});

test("a guest writes a text for a use case: the request carries it, the result names it", async ({
  page,
}) => {
  await page.goto("/");
  const dialog = await openPicker(page);
  await dialog.getByLabel("Search use cases").fill("outreach");
  await dialog.getByRole("button", { name: "Cold outreach email" }).click();

  // Required fields are checked before anything is sent, with the server's words.
  let sent = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/email/generate")) sent++;
  });
  await page.getByRole("button", { name: "Generate Text" }).click();
  const recipient = page.getByLabel("Who you are writing to");
  const offer = page.getByLabel("What you offer");
  await expect(recipient).toHaveAttribute("aria-invalid", "true");
  await expect(recipient).toHaveAccessibleDescription(/Please fill in this field\./);
  await expect(offer).toHaveAccessibleDescription(/Please fill in this field\./);
  await expect(recipient).toBeFocused();
  expect(sent).toBe(0);

  await recipient.fill("  Head of Operations at Swiftline ");
  await expect(recipient).not.toHaveAttribute("aria-invalid");
  await offer.fill("RouteMate plans every delivery route in under a minute.");
  await page.getByLabel("The next step you ask for").selectOption("demo");
  const request = nextGeneration(page);
  await page.getByRole("button", { name: "Generate Text" }).click();
  const body = (await request).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    useCase: "cold-outreach-email",
    fields: {
      recipient: "Head of Operations at Swiftline",
      offer: "RouteMate plans every delivery route in under a minute.",
      ask: "demo",
    },
    content: "",
    contentType: "email",
    tone: "confident",
    length: "short",
    language: "english",
  });
  await expect(toast(page, "Cold outreach email generated using llama3.2.")).toBeVisible({
    timeout: 20_000,
  });
  const result = page.locator("#result");
  await expect(result.getByText("Cold outreach email", { exact: true })).toBeVisible();
  await expect(page.getByTestId("result-text")).not.toBeEmpty();
  // The fields stay for another go.
  await expect(recipient).toHaveValue("  Head of Operations at Swiftline ");

  // Regenerate sends the same use case and fields again, as another version.
  const again = nextGeneration(page);
  await page.getByRole("button", { name: "Regenerate" }).click();
  expect((await again).postDataJSON()).toMatchObject({
    useCase: body.useCase,
    fields: body.fields,
    variant: 2,
  });
  await expect(page.getByTestId("version-count")).toHaveText("2/2", { timeout: 20_000 });
  await expect(result.getByText("Cold outreach email", { exact: true })).toBeVisible();
});

test("a search visitor writes on the use case's page as a guest, as on the home page", async ({
  page,
}) => {
  await page.goto("/write/cold-outreach-email");
  const card = page.locator("#credit-card");
  await expect(card).toContainText("300 credits");
  // The page's use case is chosen at start: its fields show, no picker needs opening.
  const recipient = page.getByLabel("Who you are writing to");
  await expect(recipient).toBeVisible();
  await expect(page.getByLabel("What you offer")).toBeVisible();
  await recipient.fill("Head of Operations at Swiftline");
  await page.getByLabel("What you offer").fill("RouteMate plans delivery routes in a minute.");
  const request = nextGeneration(page);
  await page.getByRole("button", { name: "Generate Text" }).click();
  expect((await request).postDataJSON()).toMatchObject({
    useCase: "cold-outreach-email",
    fields: { recipient: "Head of Operations at Swiftline" },
  });
  await expect(toast(page, "Cold outreach email generated using llama3.2.")).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    page.locator("#result").getByText("Cold outreach email", { exact: true }),
  ).toBeVisible();
  await expect(page.getByTestId("result-text")).not.toBeEmpty();
  // A guest's trial counts it as on the home page.
  await expect(card).toContainText("200 credits");
});

/** What the history's "Use this prompt again" leaves for the generator (HistoryViewer). */
async function reuseFromHistory(page: Page, prompt: Record<string, unknown>): Promise<void> {
  await page.addInitScript((saved) => {
    sessionStorage.setItem("atg:reuse-prompt", JSON.stringify(saved));
  }, prompt);
  await page.goto("/");
}

test("Use this prompt again brings back a use case and its fields", async ({ page }) => {
  await reuseFromHistory(page, {
    content: "Mention our Berlin office.",
    contentType: "email",
    language: "english",
    tone: "formal",
    length: "medium",
    useCase: "cold-outreach-email",
    fields: { recipient: "Head of Operations at Swiftline", offer: "Route planning", ask: "call" },
  });
  await expect(page.getByText("Use case: Cold outreach email")).toBeVisible();
  await expect(page.getByLabel("Who you are writing to")).toHaveValue(
    "Head of Operations at Swiftline",
  );
  await expect(page.getByLabel("What you offer")).toHaveValue("Route planning");
  await expect(page.getByLabel("The next step you ask for")).toHaveValue("call");
  const promptLabel = "Anything else the writer should know (optional)";
  await expect(page.getByLabel(promptLabel)).toHaveValue("Mention our Berlin office.");
  // The text's own tone and length, not the use case's defaults.
  await expect(await generatorSelect(page, "Tone", promptLabel)).toHaveValue("formal");
  await expect(await generatorSelect(page, "Length", promptLabel)).toHaveValue("medium");
});

test("Use this prompt again for a use case no longer listed fills the description", async ({
  page,
}) => {
  await reuseFromHistory(page, {
    content: "Mention our Berlin office.",
    contentType: "email",
    language: "english",
    tone: "standard",
    useCase: "no-longer-listed",
    fields: { recipient: "Head of Operations at Swiftline", offer: "Route planning" },
  });
  await expect(page.getByLabel("Describe the text you want")).toHaveValue(
    "Mention our Berlin office.\nHead of Operations at Swiftline\nRoute planning",
  );
  await expect(page.getByText("Use case: Describe it yourself")).toBeVisible();
});

test.describe(() => {
  test.use({ expectedConsole: [/status of 400 .*\/api\/email\/generate/] });

  test("a field the server refuses says why at the field", async ({ page }) => {
    await page.goto("/");
    const dialog = await openPicker(page);
    await dialog.getByLabel("Search use cases").fill("cold outreach");
    await dialog.getByRole("button", { name: "Cold outreach email" }).click();
    const recipient = page.getByLabel("Who you are writing to");
    await recipient.fill("Head of Operations at Swiftline");
    await page.getByLabel("What you offer").fill("Route planning");
    // What the browser would never send (its box stops at 200 characters), sent as is: the
    // server's own check answers.
    await page.route("**/api/email/generate", async (route) => {
      const body = route.request().postDataJSON() as { fields: Record<string, string> };
      body.fields.recipient = "x".repeat(201);
      await route.continue({ postData: JSON.stringify(body) });
    });
    const answer = page.waitForResponse("**/api/email/generate");
    await page.getByRole("button", { name: "Generate Text" }).click();
    expect((await answer).status()).toBe(400);
    await expect(recipient).toHaveAttribute("aria-invalid", "true");
    await expect(recipient).toHaveAccessibleDescription(/Please shorten this field\./);
    await expect(recipient).toBeFocused();
    // Typing clears it.
    await recipient.fill("Head of Operations");
    await expect(recipient).not.toHaveAttribute("aria-invalid");
  });
});

test("the history names a use case's text, and Use this prompt again restores it", async ({
  page,
  accounts,
}) => {
  await accounts.register("use-case-history", { verified: true });
  const written = await page.request.post("/api/email/generate", {
    headers: SAME_ORIGIN,
    data: {
      useCase: "cold-outreach-email",
      fields: { recipient: "Head of Operations at Swiftline", offer: "Route planning" },
      content: "",
      language: "english",
      contentType: "email",
      tone: "friendly",
    },
  });
  expect(written.status(), await written.text()).toBe(200);

  await page.goto("/profile");
  const entry = page.locator("[data-history-entry]").filter({ visible: true });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Cold outreach email");
  await entry.getByRole("button", { name: /^Open "/ }).click();
  const viewer = page.getByRole("dialog").filter({ hasText: "Use this prompt again" });
  await expect(viewer).toContainText("Email · Cold outreach email · English");

  await viewer.getByRole("button", { name: "Use this prompt again" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Use case: Cold outreach email")).toBeVisible();
  await expect(page.getByLabel("Who you are writing to")).toHaveValue(
    "Head of Operations at Swiftline",
  );
  await expect(page.getByLabel("What you offer")).toHaveValue("Route planning");
  const promptLabel = "Anything else the writer should know (optional)";
  await expect(await generatorSelect(page, "Tone", promptLabel)).toHaveValue("friendly");
});
