import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { FAKE_AD } from "../fakes/vast.ts";
import { expect, test, toast } from "./fixtures.ts";

/** Issue 27, item 5: the "Watch Ad" card plays house ads and a network's VAST ads. */

interface HouseAdFile {
  headline: string;
  sponsor: string;
  link: string;
}

/** The top-level `key: value` lines of the house ads in src/content/ads/, by content id. */
function houseAdFiles(): Map<string, HouseAdFile> {
  const folder = "src/content/ads";
  const ads = new Map<string, HouseAdFile>();
  for (const name of readdirSync(folder).filter((file) => /\.ya?ml$/.test(file))) {
    const fields: Record<string, string> = {};
    for (const line of readFileSync(`${folder}/${name}`, "utf8").split("\n")) {
      const match = /^(\w+):\s*(.+)$/.exec(line);
      if (match) fields[match[1]!] = match[2]!.trim().replace(/^"(.*)"$/, "$1");
    }
    ads.set(name.replace(/\.ya?ml$/, ""), {
      headline: fields.headline!,
      sponsor: fields.sponsor!,
      link: fields.link!,
    });
  }
  return ads;
}

interface AdReport {
  event: string;
  source: string;
  adId: string;
  status: number;
  counted: boolean;
}

/** What the card reported to /api/credits/ad-event, with the server's answers. */
function collectAdReports(page: Page): AdReport[] {
  const reports: AdReport[] = [];
  page.on("response", async (response) => {
    if (!response.url().endsWith("/api/credits/ad-event")) return;
    const sent = response.request().postDataJSON() as Omit<AdReport, "status" | "counted">;
    const body = (await response.json()) as { counted?: boolean };
    reports.push({ ...sent, status: response.status(), counted: body.counted === true });
  });
  return reports;
}

/** Each distinct report as "event source adId status", in the order first sent. */
function reported(reports: AdReport[]): string[] {
  return [...new Set(reports.map((r) => `${r.event} ${r.source} ${r.adId} ${r.status}`))];
}

/** Starts the ad and answers which house ad the server offered with the session, if any. */
async function watchAd(page: Page): Promise<string | null> {
  const session = page.waitForResponse(
    (response) => response.url().endsWith("/api/credits/ad-session") && response.ok(),
  );
  await page.getByRole("button", { name: "Watch Ad" }).click();
  const body = (await (await session).json()) as { ad: { house: { id: string } | null } };
  return body.ad.house?.id ?? null;
}

test("the ad card plays a house ad from src/content/ads/ and pays after the watch", async ({
  page,
  accounts,
}) => {
  await accounts.register("house-ad", { verified: true });
  const reports = collectAdReports(page);
  await page.goto("/credits");
  await expect(page.getByText("1,000 credits • 10 usage rights")).toBeVisible();

  const chosen = await watchAd(page);
  const house = houseAdFiles().get(chosen ?? "");
  expect(house, `offered house ad ${chosen}`).toBeDefined();
  const ad = page.getByRole("region", { name: "Ad", exact: true });
  await expect(ad.getByText(house!.headline)).toBeVisible();
  await expect(ad.getByText(`Sponsored by ${house!.sponsor}`)).toBeVisible();
  const link = ad.getByRole("link", { name: house!.headline });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("href", house!.link);

  // The e2e server's ads last 2 s (AD_WATCH_SECONDS); the reward still needs them in full.
  await expect(toast(page, "Credits Earned!")).toBeVisible();
  await expect(page.getByText("1,100 credits • 11 usage rights")).toBeVisible();

  // The ad stays on the card after the reward; its link opens in a tab of its own.
  const opened = page.context().waitForEvent("page");
  await link.click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(house!.link);
  await tab.close();
  await expect
    .poll(() => reported(reports).sort())
    .toEqual([
      `click house ${chosen} 200`,
      `completion house ${chosen} 200`,
      `impression house ${chosen} 200`,
    ]);
  expect(reports.filter((report) => report.counted)).toHaveLength(3);
});

/**
 * The e2e server's AD_VAST_URL is a loopback ad server (tests/fakes/vast.ts) that answers
 * each browser as the marker in its User-Agent asks, and keeps that browser's hits apart.
 */
function vastTest(answer: "ad" | "none") {
  const marker = `${randomUUID().slice(0, 8)}`;
  return test.extend<{ adServer: { hits(): Promise<string[]> } }>({
    userAgent: async ({ userAgent }, use) => {
      await use(`${userAgent} vast-${answer}/${marker}`);
    },
    adServer: async ({ page }, use) => {
      let origin: string | null = null;
      page.on("response", async (response) => {
        if (!response.url().endsWith("/api/credits/ad-session")) return;
        const { ad } = (await response.json()) as { ad: { vastUrl: string } };
        origin = new URL(ad.vastUrl).origin;
      });
      await use({
        async hits() {
          if (!origin) return [];
          return (await (await fetch(`${origin}/hits/${marker}`)).json()) as string[];
        },
      });
    },
  });
}

const withVastAd = vastTest("ad");

withVastAd(
  "with AD_VAST_URL, the card plays the network's video and fires its impression, completion and click trackers",
  async ({ page, accounts, adServer }) => {
    await accounts.register("vast-ad", { verified: true });
    const reports = collectAdReports(page);
    const visit = await page.goto("/credits");
    expect(visit?.headers()["content-security-policy"]).toMatch(
      /media-src 'self' http:\/\/127\.0\.0\.1:\d+/,
    );

    await watchAd(page);
    const ad = page.getByRole("region", { name: "Ad", exact: true });
    await expect(ad.getByText(`Sponsored by ${FAKE_AD.advertiser}`)).toBeVisible();
    const video = ad.getByLabel(FAKE_AD.title);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.ended))
      .toBe(true);
    await expect.poll(() => adServer.hits()).toContain("/track/impression");
    await expect.poll(() => adServer.hits()).toContain("/track/complete");
    const hits = await adServer.hits();
    expect(hits).toContain("/media/ad.webm");
    expect(hits).not.toContain("/track/error");
    await expect(page.getByText("1,100 credits • 11 usage rights")).toBeVisible();

    const opened = page.context().waitForEvent("page");
    await ad.getByRole("link", { name: FAKE_AD.title }).click();
    const landing = await opened;
    await expect(landing).toHaveURL(/\/landing$/);
    await landing.close();
    await expect.poll(() => adServer.hits()).toContain("/track/click");

    await expect
      .poll(() => reported(reports))
      .toEqual([
        `impression vast ${FAKE_AD.id} 200`,
        `completion vast ${FAKE_AD.id} 200`,
        `click vast ${FAKE_AD.id} 200`,
      ]);
  },
);

const withNoVastAd = vastTest("none");

withNoVastAd(
  "an empty VAST answer falls back to a house ad",
  async ({ page, accounts, adServer }) => {
    await accounts.register("vast-empty", { verified: true });
    await page.goto("/credits");

    const chosen = await watchAd(page);
    const house = houseAdFiles().get(chosen ?? "");
    expect(house, `offered house ad ${chosen}`).toBeDefined();
    const ad = page.getByRole("region", { name: "Ad", exact: true });
    await expect(ad.getByText(house!.headline)).toBeVisible();
    expect(await adServer.hits()).toEqual(["/vast.xml"]);
    await expect(page.getByText("1,100 credits • 11 usage rights")).toBeVisible();
  },
);
