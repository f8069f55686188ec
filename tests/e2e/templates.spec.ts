import type { Page } from "@playwright/test";
import { expect, seriousAxeViolations, test, toast } from "./fixtures.ts";

/**
 * My templates (issue 28): a signed-in person saves what is in the form as a named
 * template, and finds it first in the use-case picker, under Mine, to fill the form again;
 * a description's {{placeholders}} become fields to fill, and the text names the template.
 */

/** The picker, opened from "Choose a use case" or, with one chosen, "Change use case". */
async function openPicker(page: Page, opener = "Choose a use case") {
  await page.getByRole("button", { name: opener }).click();
  const dialog = page.getByRole("dialog", { name: "Choose a use case" });
  // The dialog's code and the list load on first use: then the categories show.
  await expect(dialog.getByRole("heading", { level: 3 }).last()).toBeVisible();
  return dialog;
}

async function saveAsTemplate(page: Page, name: string, says: string | RegExp) {
  await page.getByRole("button", { name: "Save as template" }).click();
  const dialog = page.getByRole("dialog", { name: "Save as template" });
  await expect(dialog).toContainText(says);
  await dialog.getByLabel("Template name").fill(name);
  expect(await seriousAxeViolations(page, "dialog")).toEqual([]);
  await dialog.getByRole("button", { name: "Save template" }).click();
  await expect(toast(page, "Template saved")).toBeVisible();
  await expect(dialog).toBeHidden();
}

function nextGeneration(page: Page) {
  return page.waitForRequest(
    (request) => request.url().endsWith("/api/email/generate") && request.method() === "POST",
  );
}

test("a filled use case is saved as a template and fills the form again from Mine", async ({
  page,
  accounts,
}) => {
  await accounts.startAtHome("template-use-case", { verified: true });
  const picker = await openPicker(page);
  await picker.getByLabel("Search use cases").fill("cold outreach");
  await picker.getByLabel("Search use cases").press("Enter");
  await expect(page.getByText("Use case: Cold outreach email")).toBeVisible();
  await page.getByLabel("Who you are writing to").fill("Head of Operations at Swiftline");
  await page.getByLabel("What you offer").fill("RouteMate plans every route in a minute.");
  await saveAsTemplate(page, "Swiftline outreach", "Saves the use case Cold outreach email");

  // Back to a description: the fields are gone, until the template brings them back.
  await page.getByRole("button", { name: "Describe it yourself" }).click();
  await expect(page.getByLabel("Who you are writing to")).toBeHidden();
  const again = await openPicker(page);
  await expect(again.getByRole("heading", { name: "Mine" })).toBeVisible();
  await again.getByRole("button", { name: "Swiftline outreach" }).click();
  await expect(again).toBeHidden();
  await expect(page.getByText("Use case: Cold outreach email")).toBeVisible();
  await expect(page.getByLabel("Who you are writing to")).toHaveValue(
    "Head of Operations at Swiftline",
  );
  await expect(page.getByLabel("What you offer")).toHaveValue(
    "RouteMate plans every route in a minute.",
  );

  const sent = nextGeneration(page);
  await page.getByRole("button", { name: "Generate Text" }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    useCase: "cold-outreach-email",
    fields: {
      recipient: "Head of Operations at Swiftline",
      offer: "RouteMate plans every route in a minute.",
    },
  });
  await expect(page.getByTestId("result-text")).not.toBeEmpty();
});

test.describe(() => {
  // A malformed placeholder is refused with a 400, which the browser logs.
  test.use({ expectedConsole: [/status of 400 .*\/api\/templates\//] });

  test("a description's placeholders become fields to fill; the template is renamed and deleted", async ({
    page,
    accounts,
  }) => {
    await accounts.startAtHome("template-placeholders", { verified: true });
    const description = page.getByLabel("Describe the text you want");
    await description.fill("An email to {{recipient}} about {{product}}.");
    await saveAsTemplate(page, "Launch note", "Placeholders to fill: recipient, product");
    await description.fill("");

    const picker = await openPicker(page);
    await picker.getByRole("button", { name: "Launch note" }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByText("Use case: Launch note")).toBeVisible();
    const recipient = page.getByLabel("recipient");
    await expect(recipient).toBeFocused();

    // Each placeholder must be filled, as a use case's required field.
    await page.getByRole("button", { name: "Generate Text" }).click();
    await expect(page.getByText("Please fill in this field.")).toHaveCount(2);
    await recipient.fill("Dana at Swiftline");
    await page.getByLabel("product").fill("RouteMate");
    const sent = nextGeneration(page);
    await page.getByRole("button", { name: "Generate Text" }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      templateId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fields: { recipient: "Dana at Swiftline", product: "RouteMate" },
    });
    expect(body).not.toHaveProperty("useCase");
    // The server fills the description from the values: the subject is what it is "about".
    await expect(page.getByTestId("result-text")).toContainText("RouteMate");

    // Renamed and changed in place, then deleted: Mine goes with its last template.
    const mine = await openPicker(page, "Change use case");
    await mine.getByRole("button", { name: "Edit" }).click();
    await mine.getByLabel("Template name").fill("Launch mail");
    await mine.getByLabel("Description").fill("A note to {{team}}.");
    await mine.getByRole("button", { name: "Save changes" }).click();
    const renamed = mine.getByRole("button", { name: "Launch mail" });
    await expect(renamed).toHaveAccessibleDescription("A note to {{team}}.");
    await mine.getByRole("button", { name: "Edit" }).click();
    await mine.getByLabel("Description").fill("A note to {{first name}}.");
    await mine.getByRole("button", { name: "Save changes" }).click();
    await expect(mine.getByText("Write placeholders as {{name}}")).toBeVisible();
    await mine.getByRole("button", { name: "Cancel" }).click();
    await mine.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Template deleted")).toBeVisible();
    await expect(mine.getByRole("heading", { name: "Mine" })).toBeHidden();
  });
});
