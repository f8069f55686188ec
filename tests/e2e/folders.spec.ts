import type { Page } from "@playwright/test";
import { SAME_ORIGIN } from "./auth-helpers.ts";
import { expect, seriousAxeViolations, test, toast, writeText } from "./fixtures.ts";

/**
 * Folders (issue 28): a person makes a folder in the history's "Manage folders" dialog,
 * files a text into it with "Move to folder", filters the history by it, and writes a new
 * text from it, which is filed there and written in the folder's voice.
 */

// The second "Home" is refused on purpose: its 409 is logged by the browser.
test.use({ expectedConsole: [/status of 409 \(Conflict\).*\/api\/folders\)/] });

/** Writes a text through the API in the page's session, as the generator would; its id. */
async function write(page: Page, content: string): Promise<string> {
  const response = await page.request.post("/api/email/generate", {
    headers: SAME_ORIGIN,
    data: { language: "english", contentType: "email", content },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { generationId: string }).generationId;
}

async function subjectOf(page: Page, id: string): Promise<string> {
  const response = await page.request.get(`/api/email/my?text=${id}`);
  return ((await response.json()) as { generations: { subject: string }[] }).generations[0]!
    .subject;
}

/** The history's entries on screen: the table's rows on a desktop, the cards on a phone. */
const shownEntries = (page: Page) => page.locator("[data-history-entry]:visible");

test("a text filed into a folder is found by the folder filter, and a new one goes there too", async ({
  page,
  accounts,
}) => {
  await accounts.register("folders", { verified: true });
  const voice = await page.request.post("/api/voices", {
    headers: SAME_ORIGIN,
    data: { name: "Brief", description: "Brief and warm." },
  });
  expect(voice.status()).toBe(201);
  const heating = await write(page, "An email to my landlord about the broken heating.");
  const party = await write(page, "An email to my neighbours about the summer party.");
  await page.goto("/profile");
  await expect(shownEntries(page)).toHaveCount(2);

  // A folder, with a voice for the texts written from it.
  await page.getByRole("button", { name: "Manage folders" }).click();
  const dialog = page.getByRole("dialog", { name: "Your folders" });
  await expect(dialog.getByText("You have no folders yet.")).toBeVisible();
  await dialog.getByLabel("Name", { exact: true }).fill("Home");
  await dialog.getByLabel("Voice for new texts").selectOption({ label: "Brief" });
  await dialog.getByRole("button", { name: "Add folder" }).click();
  await expect(toast(page, "Folder saved")).toBeVisible();
  await expect(dialog.getByText("1 of 100 folders")).toBeVisible();
  await expect(dialog.getByRole("listitem")).toContainText("Home");
  // The same name again, in another case: refused with the reason, next to the name.
  await dialog.getByLabel("Name", { exact: true }).fill("home");
  await dialog.getByRole("button", { name: "Add folder" }).click();
  await expect(dialog.getByText("You already have a folder with this name.")).toBeVisible();
  expect(await seriousAxeViolations(page, "dialog")).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Move to folder: at once, and the filter finds it.
  const subject = await subjectOf(page, heating);
  const move = page.getByLabel(`Move “${subject}” to a folder`).locator("visible=true");
  await move.selectOption({ label: "Home" });
  await expect(toast(page, "Moved to Home")).toBeVisible();
  const folderFilter = page.getByLabel("Folder", { exact: true });
  await folderFilter.selectOption({ label: "Home" });
  await expect(page).toHaveURL(/[?&]folder=[0-9a-f-]{36}/);
  await expect(shownEntries(page)).toHaveCount(1);
  await expect(page.locator(`[data-history-entry="${heating}"]:visible`)).toBeVisible();
  await expect(move).toHaveValue(/[0-9a-f-]{36}/);
  await folderFilter.selectOption({ label: "Not in a folder" });
  await expect(shownEntries(page)).toHaveCount(1);
  await expect(page.locator(`[data-history-entry="${party}"]:visible`)).toBeVisible();

  // A new text from the folder: the desk says where it goes; it is filed there, in its voice.
  await folderFilter.selectOption({ label: "Home" });
  await expect(shownEntries(page)).toHaveCount(1);
  await page.getByRole("button", { name: "Write a new text in Home" }).click();
  await expect(page.getByText("New texts go into Home")).toBeVisible();
  const sent = page.waitForRequest(
    (request) => request.method() === "POST" && request.url().endsWith("/api/email/generate"),
  );
  const text = await writeText(page, "An email to my sister about the holidays.");
  const { folderId } = (await sent).postDataJSON() as { folderId?: string };
  expect(folderId).toMatch(/^[0-9a-f-]{36}$/);
  expect(text).toContain("Written as you write: Brief and warm.");

  await page.goto(`/profile?folder=${folderId}`);
  await expect(shownEntries(page)).toHaveCount(2);
  await expect(page.locator(`[data-history-entry="${heating}"]:visible`)).toBeVisible();
  await expect(page.locator(`[data-history-entry="${party}"]:visible`)).toHaveCount(0);
});

test("renaming keeps a folder's texts; deleting it keeps them, in no folder", async ({
  page,
  accounts,
}) => {
  await accounts.register("folders-tidy", { verified: true });
  const id = await write(page, "An email to my team about the new office.");
  const folder = await page.request.post("/api/folders", {
    headers: SAME_ORIGIN,
    data: { name: "Work" },
  });
  const { id: folderId } = ((await folder.json()) as { folder: { id: string } }).folder;
  await page.request.post(`/api/email/text/${id}/folder`, {
    headers: SAME_ORIGIN,
    data: { folderId },
  });
  await page.goto(`/profile?folder=${folderId}`);
  await expect(shownEntries(page)).toHaveCount(1);

  await page.getByRole("button", { name: "Manage folders" }).click();
  const dialog = page.getByRole("dialog", { name: "Your folders" });
  await expect(dialog.getByRole("listitem")).toContainText("1 text");
  await dialog.getByRole("button", { name: "Rename" }).click();
  await dialog.getByLabel("Name of Work").fill("Office");
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(dialog.getByRole("listitem")).toContainText("Office");
  await expect(page.getByLabel("Folder", { exact: true })).toHaveValue(folderId);
  await expect(shownEntries(page)).toHaveCount(1);

  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Folder deleted; its texts are kept")).toBeVisible();
  await expect(dialog.getByText("You have no folders yet.")).toBeVisible();
  await page.keyboard.press("Escape");
  // The filter's folder is gone: the history shows every text again, the text among them.
  await expect(page.getByLabel("Folder", { exact: true })).toHaveValue("");
  await expect(page).not.toHaveURL(/folder=/);
  await expect(shownEntries(page)).toHaveCount(1);
  await expect(page.locator(`[data-history-entry="${id}"]:visible`)).toBeVisible();
});
