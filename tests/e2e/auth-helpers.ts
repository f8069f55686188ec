import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const PASSWORD = "violet-harbor-42";

export function newEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Playwright's request context sends neither Origin nor Sec-Fetch-Site, and the server
 * refuses a cookie-carrying write without both (DESIGN §3); a page's own fetch sends them.
 */
export const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };

/**
 * Registers through the API in the page's own context, so the session cookie is shared.
 * Tests ask the `accounts` fixture, which also deletes the account afterwards.
 */
export async function registerViaApi(
  request: APIRequestContext,
  email: string,
  name = "Robin Tester",
): Promise<void> {
  const response = await request.post("/api/auth/register", {
    data: { email, password: PASSWORD, confirmPassword: PASSWORD, name },
    headers: SAME_ORIGIN,
  });
  if (response.status() !== 201)
    throw new Error(`register failed: ${response.status()} ${await response.text()}`);
}

/**
 * Opens the dev outbox as a person on the server's own machine would (it answers loopback
 * clients only) and follows the newest matching link to `to`, then goes back to being the
 * test's own client address.
 */
export async function followOutboxLink(
  page: Page,
  to: string,
  linkText: RegExp,
  clientAddress: string,
): Promise<void> {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "127.0.0.1" });
  const message = page.locator("main > ol > li").filter({ hasText: to }).first();
  const link = message.getByRole("link", { name: linkText }).first();
  // A reset link is sent after the answer (its timing tells nothing about the address),
  // so the outbox may not hold it yet: it is read again until it does.
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(link).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const href = await link.getAttribute("href");
  await page.setExtraHTTPHeaders({ "x-forwarded-for": clientAddress });
  await page.goto(href!);
  // The page the link opens asks for the user and their voices: a test that next clears
  // the cookies or signs in someone else must not meet those answers (one arriving late
  // would set the old session's cookie again).
  await page.waitForLoadState("networkidle");
}
