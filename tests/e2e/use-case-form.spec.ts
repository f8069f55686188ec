import type { Page, Request } from "@playwright/test";
import { useCaseSchema, type Localized, type UseCase } from "#shared/use-cases.ts";
import { readUseCaseFiles } from "../support/use-case-files.ts";
import { expect, generatorSelect, isPhone, test, toast } from "./fixtures.ts";

/**
 * Issue 27 on a use case's page: "Try this example" gives a first result with no typing,
 * and what is typed into the form stays when the page is opened again in the tab (the
 * language switch goes to the page's other address).
 */

const MODEL: UseCase = readUseCaseFiles()
  .map(({ data }) => useCaseSchema.parse(data))
  .find((useCase) => useCase.slug === "cold-outreach-email")!;
const PATH = `/write/${MODEL.slug}`;
const EXAMPLE = MODEL.examples[0]!;
const exampleField = (id: string, language: "en" | "tr") => {
  const value = EXAMPLE.fields[id]!;
  return typeof value === "string" ? value : (value as Localized)[language];
};
/** A line of the example's text as the panel shows it: its third paragraph's start. */
const exampleLine = (language: "en" | "tr") =>
  EXAMPLE.text[language].split("\n\n")[2]!.slice(0, 40);
const EXTRA = "Anything else the writer should know (optional)";

/** The island's form: the page's own, built with it, is no form until the island mounts. */
const generatorForm = (page: Page, name = "Text generator") => page.getByRole("form", { name });

/** Every request for a text the page makes, from now on. */
function generationRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/email/generate")) seen.push(request);
  });
  return seen;
}

test("Try this example shows the example at once, free and labelled; Write mine writes from the fields", async ({
  page,
}) => {
  const generations = generationRequests(page);
  await page.goto(PATH);
  await expect(generatorForm(page)).toBeVisible();
  const card = page.locator("#credit-card");
  await expect(card).toContainText("300 credits");

  await page.getByRole("button", { name: "Try this example" }).click();
  const example = page.locator("#result").getByTestId("example-result");
  await expect(example.getByRole("heading", { name: "Example", exact: true })).toBeVisible();
  await expect(example).toContainText("This is an example. Write mine to get your own.");
  const text = example.getByRole("region", { name: "Example text" });
  await expect(text).toContainText(exampleLine("en"));
  // Markdown rendered: "**Subject:**" is bold, not asterisks.
  await expect(text.locator("strong").first()).toHaveText("Subject:");
  // In the panel's place, in sight on a phone too, where the panel stands under the form.
  await expect(page.getByText("Your generated text will appear here.")).toBeHidden();
  if (isPhone(page)) await expect(example.getByRole("heading")).toBeInViewport();
  // The fields as the example has them.
  await expect(page.getByLabel("Who you are writing to")).toHaveValue(
    exampleField("recipient", "en"),
  );
  await expect(page.getByLabel("What you offer")).toHaveValue(exampleField("offer", "en"));
  await expect(page.getByLabel("The next step you ask for")).toHaveValue(exampleField("ask", "en"));
  // Nothing was asked of the writer, nothing was spent.
  expect(generations).toEqual([]);
  await expect(card).toContainText("300 credits");

  const sent = page.waitForRequest(
    (request) => request.url().endsWith("/api/email/generate") && request.method() === "POST",
  );
  await example.getByRole("button", { name: "Write mine" }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    useCase: MODEL.slug,
    fields: {
      recipient: exampleField("recipient", "en"),
      offer: exampleField("offer", "en"),
      ask: exampleField("ask", "en"),
    },
  });
  // Named by the use case, not by its content type (issue 30).
  await expect(toast(page, `${MODEL.name.en} generated using llama3.2.`)).toBeVisible({
    timeout: 20_000,
  });
  // The written text took the example's place; the example was no version of it.
  await expect(example).toHaveCount(0);
  await expect(page.getByTestId("result-text")).not.toContainText(exampleLine("en"));
  await expect(page.getByTestId("result-text")).not.toBeEmpty();
  await expect(page.getByTestId("version-count")).toHaveCount(0);
  await expect(card).toContainText("200 credits");
});

test("a use case whose content type is not its name names the use case in its toast, in Turkish too", async ({
  page,
}) => {
  // A wedding toast is written as an essay: its toast says "Düğün konuşması", not "Deneme".
  await page.goto("/tr/write/wedding-toast");
  await expect(generatorForm(page, "Metin oluşturucu")).toBeVisible();
  await page.getByRole("button", { name: "Bu örneği deneyin" }).click();
  await page.getByTestId("example-result").getByRole("button", { name: "Benimkini yaz" }).click();
  await expect(toast(page, "Düğün konuşması llama3.2 kullanılarak oluşturuldu.")).toBeVisible({
    timeout: 20_000,
  });
});

test("Try this example is in Turkish, fields and text, when the page is", async ({ page }) => {
  await page.goto(`/tr${PATH}`);
  await expect(generatorForm(page, "Metin oluşturucu")).toBeVisible();
  await page.getByRole("button", { name: "Bu örneği deneyin" }).click();
  const example = page.getByTestId("example-result");
  await expect(example.getByRole("heading", { name: "Örnek", exact: true })).toBeVisible();
  await expect(example.getByRole("region", { name: "Örnek metin" })).toContainText(
    exampleLine("tr"),
  );
  await expect(page.getByLabel("Kime yazıyorsunuz")).toHaveValue(exampleField("recipient", "tr"));
  await expect(page.getByLabel("Ne sunuyorsunuz")).toHaveValue(exampleField("offer", "tr"));
  await expect(example.getByRole("button", { name: "Benimkini yaz" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a use case's page has its fields, labelled, with their hints and choices", async ({
    page,
  }) => {
    await page.goto(PATH);
    const recipient = page.getByLabel("Who you are writing to");
    await expect(recipient).toHaveAttribute("name", "recipient");
    await expect(recipient).toHaveAttribute("required", "");
    await expect(recipient).toHaveAttribute("maxlength", "200");
    await expect(recipient).toHaveAccessibleDescription(/Their role and company/);
    const offer = page.getByLabel("What you offer");
    await expect(offer).toHaveJSProperty("tagName", "TEXTAREA");
    await expect(offer).toHaveAttribute("maxlength", "1000");
    await expect(page.getByLabel("The next step you ask for").locator("option")).toHaveText([
      "Choose…",
      ...MODEL.fields[2]!.options!.map((option) => option.label.en),
    ]);
    await expect(page.getByLabel(EXTRA)).toBeVisible();
    await recipient.fill("Head of Operations at Swiftline");
    await expect(recipient).toHaveValue("Head of Operations at Swiftline");
  });
});

test("fields typed on a use case's page come back when it is opened again in the tab", async ({
  page,
}) => {
  const lists: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/use-cases.json")) lists.push(request.url());
  });
  await page.goto(PATH);
  await expect(generatorForm(page)).toBeVisible();
  await page.getByLabel("Who you are writing to").fill("Head of Operations at Swiftline");
  await page.getByLabel("What you offer").fill("Route planning in a minute");
  await page.getByLabel("The next step you ask for").selectOption("referral");
  await page.getByLabel(EXTRA).fill("Mention our Berlin office.");
  await (await generatorSelect(page, "Tone", EXTRA)).selectOption("friendly");

  // As the language switch does: the same page at another address, here the same one.
  await page.goto(PATH);
  await expect(generatorForm(page)).toBeVisible();
  await expect(page.getByLabel("Who you are writing to")).toHaveValue(
    "Head of Operations at Swiftline",
  );
  await expect(page.getByLabel("What you offer")).toHaveValue("Route planning in a minute");
  await expect(page.getByLabel("The next step you ask for")).toHaveValue("referral");
  await expect(page.getByLabel(EXTRA)).toHaveValue("Mention our Berlin office.");
  await expect(await generatorSelect(page, "Tone", EXTRA)).toHaveValue("friendly");
  // Taken once, until the page is left again; the page's use case needed no list.
  expect(
    await page.evaluate((path) => sessionStorage.getItem(`atg:form:${path}`), PATH),
  ).toBeNull();
  expect(lists).toEqual([]);
});

test("the language switch goes to the page's Turkish address with the fields as typed", async ({
  page,
}) => {
  await page.goto(PATH);
  await expect(generatorForm(page)).toBeVisible();
  await page.getByLabel("Who you are writing to").fill("Head of Operations at Swiftline");
  await page.getByLabel("The next step you ask for").selectOption("demo");
  await page.getByRole("banner").getByRole("link", { name: "Türkçe" }).first().click();
  await expect(page).toHaveURL(`/tr${PATH}`);
  await expect(generatorForm(page, "Metin oluşturucu")).toBeVisible();
  await expect(page.getByLabel("Kime yazıyorsunuz")).toHaveValue("Head of Operations at Swiftline");
  await expect(page.getByLabel("İstediğiniz sonraki adım")).toHaveValue("demo");
});

test("the description typed on the home page comes back when it is opened again", async ({
  page,
}) => {
  const prompt = "Describe the text you want";
  await page.goto("/");
  await page.getByLabel(prompt).fill("An email to my landlord about the broken heating.");
  await (await generatorSelect(page, "Tone")).selectOption("formal");
  await page.goto("/");
  await expect(page.getByLabel(prompt)).toHaveValue(
    "An email to my landlord about the broken heating.",
  );
  await expect(await generatorSelect(page, "Tone")).toHaveValue("formal");
});

test("Ctrl+Enter (⌘+Enter) in a use case's paragraph field sends the form", async ({ page }) => {
  await page.goto(PATH);
  await expect(generatorForm(page)).toBeVisible();
  await page.getByLabel("Who you are writing to").fill("Head of Operations at Swiftline");
  await page.getByLabel("The next step you ask for").selectOption("referral");
  const offer = page.getByLabel("What you offer");
  await offer.fill("Route planning in a minute");
  const sent = page.waitForRequest(
    (request) => request.url().endsWith("/api/email/generate") && request.method() === "POST",
  );
  // Not the last box, where the hint stands: the paragraph field above it.
  await offer.press(isPhone(page) ? "Meta+Enter" : "Control+Enter");
  expect((await sent).postDataJSON()).toMatchObject({
    useCase: MODEL.slug,
    fields: { offer: "Route planning in a minute" },
  });
  // The shortcut sends; it writes no new line into the box.
  await expect(offer).toHaveValue("Route planning in a minute");
});
