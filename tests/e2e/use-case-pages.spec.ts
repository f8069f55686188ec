import type { Page } from "@playwright/test";
import { messages } from "#i18n/messages.ts";
import { tr } from "#i18n/tr.ts";
import { planText } from "#server/plan-text.ts";
import {
  useCaseSchema,
  USE_CASE_CATEGORIES,
  type Localized,
  type UseCase,
} from "#shared/use-cases.ts";
import { readUseCaseFiles } from "../support/use-case-files.ts";
import { expect, seriousAxeViolations, test, useTheme } from "./fixtures.ts";

/** The use cases the site was built from (src/content/use-cases/). */
const useCases: UseCase[] = readUseCaseFiles().map(({ data }) => useCaseSchema.parse(data));
const categoryName = (category: string, language: "en" | "tr") =>
  (language === "en" ? messages.en : tr)[
    `useCase.category.${category}` as `useCase.category.${UseCase["category"]}`
  ];
const MODEL = useCases.find((useCase) => useCase.slug === "cold-outreach-email")!;
/** A text tool (issue 26): its example is a person's text and what the tool made of it. */
const TOOL = useCases.find((useCase) => useCase.slug === "fix-grammar")!;
const ORIGIN = "http://localhost:4321";

/** A use case's card on /write (its accessible name holds its summary too). */
const card = (page: Page, slug: string) => page.locator(`#use-case-list a[href="/write/${slug}"]`);

/** Turkish chosen before the page loads, as a returning visitor who chose it has it. */
async function chooseTurkish(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem("selectedLanguage", "turkish"));
}

test.describe("/write", () => {
  test("lists every use case under its category, each a link to its page", async ({ page }) => {
    await page.goto("/write");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What do you want to write?", {
      useInnerText: true,
    });
    for (const category of USE_CASE_CATEGORIES) {
      const members = useCases.filter((useCase) => useCase.category === category);
      const section = page.getByRole("region", { name: categoryName(category, "en") });
      if (members.length === 0) {
        await expect(section).toHaveCount(0);
        continue;
      }
      await expect(section.getByRole("listitem")).toHaveCount(members.length);
      for (const useCase of members) {
        const link = section.locator(`a[href="/write/${useCase.slug}"]`);
        await expect(link).toContainText(useCase.name.en);
        await expect(link).toContainText(useCase.summary.en);
      }
    }
  });

  test("lists the text tools first, under Your text", async ({ page }) => {
    await page.goto("/write");
    const first = page.locator("#use-case-list section").first();
    await expect(first.getByRole("heading", { level: 2 })).toHaveText(categoryName("tools", "en"), {
      useInnerText: true,
    });
    await expect(first.locator(`a[href="/write/${TOOL.slug}"]`)).toContainText(TOOL.name.en);
  });

  test("filters as the visitor types, hides empty categories and says when none match", async ({
    page,
  }) => {
    await page.goto("/write");
    const search = page.getByRole("searchbox", { name: "Search use cases" });
    const link = card(page, MODEL.slug);
    const category = page.getByRole("region", { name: categoryName(MODEL.category, "en") });
    const noMatch = page.getByText("No use case matches your search.");
    await expect(noMatch).toBeHidden();

    await search.fill("zzz no such thing");
    await expect(link).toBeHidden();
    await expect(category).toBeHidden();
    await expect(noMatch).toBeVisible();

    // Part of its name, in another case; then in Turkish, typed without Turkish letters.
    await search.fill(MODEL.name.en.split(" ")[0]!.toUpperCase());
    await expect(link).toBeVisible();
    await expect(category).toBeVisible();
    await expect(noMatch).toBeHidden();
    await search.fill(MODEL.name.en);
    const query = MODEL.name.en.toLowerCase();
    for (const other of useCases) {
      const words = [other.name, other.summary].flatMap((text) => [text.en, text.tr]).join(" ");
      if (!words.toLowerCase().includes(query)) await expect(card(page, other.slug)).toBeHidden();
    }
    await search.fill("soguk tanisma");
    await expect(link).toBeVisible();

    await search.fill("");
    await expect(page.locator("#use-case-list li:visible")).toHaveCount(useCases.length);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("lists every use case", async ({ page }) => {
      await page.goto("/write");
      for (const useCase of useCases) {
        await expect(card(page, useCase.slug)).toContainText(useCase.name.en);
        await expect(card(page, useCase.slug)).toBeVisible();
      }
    });

    test("shows no search box, which could not filter", async ({ page }) => {
      await page.goto("/write");
      await expect(card(page, MODEL.slug)).toBeVisible();
      await expect(page.getByRole("searchbox")).toHaveCount(0);
      await expect(page.locator('label[for="use-case-search"]')).toBeHidden();
    });
  });

  test("/tr/write shows names, summaries and categories in Turkish, linking Turkish pages", async ({
    page,
  }) => {
    await page.goto("/tr/write");
    await expect(page.locator("html")).toHaveAttribute("lang", "tr");
    await expect(
      page.getByRole("heading", { name: categoryName(MODEL.category, "tr") }),
    ).toBeVisible();
    const link = page.locator(`#use-case-list a[href="/tr/write/${MODEL.slug}"]`);
    await expect(link).toContainText(MODEL.name.tr);
    await expect(link).toContainText(MODEL.summary.tr);
    await expect(link).not.toContainText(MODEL.name.en);
    await expect(page.getByRole("searchbox", { name: "Kullanım alanlarında ara" })).toBeVisible();
  });

  test("is in the navigation and the sitemap, with every use case's page", async ({ page }) => {
    await page.goto("/about");
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "Use cases" }),
    ).toHaveAttribute("href", "/write");
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${ORIGIN}/write</loc>`);
    for (const useCase of useCases) {
      expect(sitemap).toContain(`<loc>${ORIGIN}/write/${useCase.slug}</loc>`);
      expect(sitemap).toContain(`<loc>${ORIGIN}/tr/write/${useCase.slug}</loc>`);
    }
  });
});

test.describe(() => {
  test.use({ expectedConsole: [/status of 404/] });
  test("an address under /write that names no use case is the 404 page", async ({ page }) => {
    const response = await page.goto("/write/no-such-use-case");
    expect(response?.status()).toBe(404);
  });
});

test.describe(`/write/${MODEL.slug}`, () => {
  const path = `/write/${MODEL.slug}`;

  test("has its heading, summary, example and questions", async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(MODEL.name.en, {
      useInnerText: true,
    });
    // The page's own line; the form names the use case with it too once it has loaded.
    await expect(page.locator("p[data-bilingual]", { hasText: MODEL.summary.en })).toBeVisible();
    const example = page.getByRole("region", { name: "An example" });
    // Markdown rendered: "**Subject:**" is bold, not asterisks.
    await expect(example.locator("strong").first()).toHaveText("Subject:");
    await expect(example).not.toContainText("**");
    const questions = page.getByRole("region", { name: "Questions and answers" });
    for (const { question, answer } of MODEL.faq) {
      await expect(questions.getByText(question.en)).toBeVisible();
      // The plan's numbers as the build writes them: the defaults (decision 071).
      await expect(questions.getByText(planText(answer.en))).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "All use cases" })).toHaveAttribute(
      "href",
      "/write",
    );
  });

  test("has its own title, description, canonical and Open Graph tags", async ({ page }) => {
    await page.goto(path);
    const canonical = `${ORIGIN}${path}`;
    await expect(page).toHaveTitle(MODEL.seo.title.en);
    const meta = (selector: string) => page.locator(selector);
    await expect(meta('meta[name="description"]')).toHaveAttribute(
      "content",
      MODEL.seo.description.en,
    );
    await expect(meta('link[rel="canonical"]')).toHaveAttribute("href", canonical);
    await expect(meta('meta[property="og:title"]')).toHaveAttribute("content", MODEL.seo.title.en);
    await expect(meta('meta[property="og:description"]')).toHaveAttribute(
      "content",
      MODEL.seo.description.en,
    );
    await expect(meta('meta[property="og:url"]')).toHaveAttribute("content", canonical);
  });

  test("describes the application and its questions in one JSON-LD script", async ({ page }) => {
    await page.goto(path);
    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const data = JSON.parse((await scripts.textContent())!) as Record<string, unknown>[];
    const types = data.map((item) => item["@type"]);
    expect(types).toEqual(["SoftwareApplication", "FAQPage", "BreadcrumbList"]);
    expect(data[1]!.mainEntity).toEqual(
      MODEL.faq.map(({ question, answer }) => ({
        "@type": "Question",
        name: question.en,
        acceptedAnswer: { "@type": "Answer", text: planText(answer.en) },
      })),
    );
  });

  test("is in Turkish at /tr/…, from the server; choosing English goes to its English address", async ({
    page,
  }) => {
    await page.goto(`/tr${path}`);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(page.locator("html")).toHaveAttribute("lang", "tr");
    await expect(heading).toHaveText(MODEL.name.tr);
    await expect(page).toHaveTitle(MODEL.seo.title.tr);
    // The page's own line; the form names the use case with it too once it has loaded.
    await expect(page.locator("p[data-bilingual]", { hasText: MODEL.summary.tr })).toBeVisible();
    const questions = page.getByRole("region", { name: "Sorular ve yanıtlar" });
    await expect(questions.getByText(MODEL.faq[0]!.question.tr)).toBeVisible();
    await expect(page.getByRole("region", { name: "Bir örnek" })).toContainText(
      MODEL.examples[0]!.text.tr.split("\n")[2]!,
    );
    // Landing on a Turkish page is choosing Turkish (spec §3: the form writes in it).
    expect(await page.evaluate(() => localStorage.getItem("selectedLanguage"))).toBe("turkish");
    // The page holds Turkish alone: no English word is hidden in it for a crawler.
    expect(await page.content()).not.toContain(MODEL.faq[0]!.question.en);

    // What the form's language select does when English is chosen.
    await page.evaluate(() => {
      localStorage.setItem("selectedLanguage", "english");
      window.dispatchEvent(new CustomEvent("languageChange", { detail: "english" }));
    });
    await expect(page).toHaveURL(path);
    await expect(heading).toHaveText(MODEL.name.en);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByText(MODEL.faq[0]!.question.en)).toBeVisible();
  });

  test("a visitor who chose Turkish and opens the English address gets English, and a link to Turkish", async ({
    page,
  }) => {
    await chooseTurkish(page);
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(MODEL.name.en);
    const toTurkish = page.getByRole("banner").getByRole("link", { name: "Türkçe" });
    await expect(toTurkish).toHaveAttribute("href", `/tr${path}`);
    await toTurkish.click();
    await expect(page).toHaveURL(`/tr${path}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(MODEL.name.tr);
  });
});

test.describe(`/write/${TOOL.slug}, a text tool`, () => {
  const path = `/write/${TOOL.slug}`;
  /** A text's first paragraph and its last line, as the page shows them. */
  const marks = (text: string) => [text.split("\n\n")[1]!, text.split("\n").at(-1)!];

  test("shows an example of a person's text and what the tool makes of it", async ({ page }) => {
    await page.goto(path);
    const input = page.getByRole("region", { name: "Example: your text", exact: true });
    const output = page.getByRole("region", { name: "What it makes of it", exact: true });
    for (const line of marks((TOOL.examples[0]!.fields.text as Localized).en))
      await expect(input).toContainText(line);
    for (const line of marks(TOOL.examples[0]!.text.en)) await expect(output).toContainText(line);
    await expect(input).not.toContainText(marks(TOOL.examples[0]!.text.en)[0]!);
    await expect(page.getByRole("region", { name: "An example" })).toHaveCount(0);
  });

  test("shows both in Turkish at its Turkish address", async ({ page }) => {
    await page.goto(`/tr${path}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TOOL.name.tr, {
      useInnerText: true,
    });
    const input = page.getByRole("region", { name: "Örnek: metniniz", exact: true });
    const output = page.getByRole("region", { name: "Ortaya çıkan metin", exact: true });
    for (const line of marks((TOOL.examples[0]!.fields.text as Localized).tr))
      await expect(input).toContainText(line);
    for (const line of marks(TOOL.examples[0]!.text.tr)) await expect(output).toContainText(line);
    await expect(input).not.toContainText(
      marks((TOOL.examples[0]!.fields.text as Localized).en)[0]!,
      {
        useInnerText: true,
      },
    );
  });

  test("describes the application and its questions in one JSON-LD script", async ({ page }) => {
    await page.goto(path);
    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const data = JSON.parse((await scripts.textContent())!) as Record<string, unknown>[];
    expect(data.map((item) => item["@type"])).toEqual([
      "SoftwareApplication",
      "FAQPage",
      "BreadcrumbList",
    ]);
    expect(data[1]!.mainEntity).toHaveLength(TOOL.faq.length);
    await expect(page).toHaveTitle(TOOL.seo.title.en);
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`/write and /write/${MODEL.slug} have no serious axe finding in ${theme} mode`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    for (const path of ["/write", `/write/${MODEL.slug}`]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await seriousAxeViolations(page), path).toEqual([]);
    }
  });

  test(`/write/${TOOL.slug}, a text tool, has no serious axe finding in ${theme} mode`, async ({
    page,
  }) => {
    await useTheme(page, theme);
    await page.goto(`/write/${TOOL.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
