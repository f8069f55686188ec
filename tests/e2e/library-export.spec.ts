import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import { SAME_ORIGIN } from "./auth-helpers.ts";
import { expect, test } from "./fixtures.ts";

const TEXT = "Notes for the garden club: the roses want water every evening in July.";

test("a signed-in writer downloads the whole library as a zip that holds their text", async ({
  page,
  accounts,
}) => {
  await accounts.register("export", { verified: true });
  const kept = await page.request.post("/api/email/own", {
    headers: SAME_ORIGIN,
    data: { text: TEXT, language: "english" },
  });
  expect(kept.status(), await kept.text()).toBe(200);
  await page.goto("/profile");

  const link = page.getByRole("link", { name: "Download all texts (.zip)" });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^ai-text-generator-texts-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const names = Object.keys(files);
  expect(names).toHaveLength(1);
  expect(names[0]).toMatch(/\.md$/);
  const markdown = strFromU8(files[names[0]!]!);
  expect(markdown).toMatch(/^---\ntitle: ".+"\n/);
  expect(markdown).toContain('model: "own"');
  expect(markdown.trimEnd().endsWith(TEXT)).toBe(true);
});
