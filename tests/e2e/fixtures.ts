import { randomInt } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import {
  PASSWORD,
  SAME_ORIGIN,
  followOutboxLink,
  newEmail,
  registerViaApi,
} from "./auth-helpers.ts";

/** The accounts a test makes; each is deleted when the test ends, whatever its outcome. */
export interface TestAccounts {
  /** A new account registered through the API in the page's context, so signed in there. */
  register(
    label: string,
    options?: { verified?: boolean; name?: string; email?: string },
  ): Promise<string>;
  /**
   * Registers as `register` does and opens the home page, where most journeys begin. An
   * unverified account is reminded to verify over the page: the reminder is put off.
   */
  startAtHome(label: string, options?: { verified?: boolean }): Promise<string>;
  /** A new verified account's first text, written on the home page (as `writeText`). */
  writeFirstText(label: string, prompt: string): Promise<string>;
  /** An account the test made another way (the register form): deleted like the others. */
  track(email: string): void;
  /** The test changed this account's password. */
  passwordChanged(email: string, password: string): void;
}

interface Fixtures {
  /**
   * This test's own client address. The e2e server trusts X-Forwarded-For (TRUSTED_PROXY),
   * so per-address rate limits count each test apart, as they would count real visitors.
   */
  clientAddress: string;
  /** Console messages a test expects (e.g. the 404 status of the not-found page). */
  expectedConsole: RegExp[];
  /** Collected console errors, page errors and CSP violations; must stay empty. */
  consoleProblems: string[];
  accounts: TestAccounts;
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
  clientAddress: async ({}, use) => {
    await use(
      `2001:db8:${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}::e2e`,
    );
  },
  extraHTTPHeaders: async ({ clientAddress }, use) => {
    await use({ "x-forwarded-for": clientAddress });
  },
  expectedConsole: [[], { option: true }],
  accounts: async ({ page, request, clientAddress }, use) => {
    const passwords = new Map<string, string>();
    const register: TestAccounts["register"] = async (label, options = {}) => {
      const email = options.email ?? newEmail(label);
      await registerViaApi(page.request, email, options.name);
      passwords.set(email, PASSWORD);
      if (options.verified) await followOutboxLink(page, email, /verify-email/, clientAddress);
      return email;
    };
    await use({
      register,
      async startAtHome(label, options = {}) {
        const email = await register(label, options);
        await page.goto("/");
        if (!options.verified) {
          await page
            .getByRole("dialog", { name: "Verify your email" })
            .getByRole("button", { name: "Remind me later" })
            .click();
        }
        return email;
      },
      async writeFirstText(label, prompt) {
        await register(label, { verified: true });
        await page.goto("/");
        return writeText(page, prompt);
      },
      track: (email) => void passwords.set(email, PASSWORD),
      passwordChanged: (email, password) => void passwords.set(email, password),
    });
    // The visitor leaves first: a request the page still had to make (an ad's report once
    // its image loads) would meet a deleted account and log a 401.
    if (passwords.size > 0) await page.close();
    // Signed in afresh from a context of its own, whatever the page did with its cookies.
    for (const [email, password] of passwords) {
      // After the first, this context holds a session cookie: a write must say it is ours.
      const login = await request.post("/api/auth/login", {
        data: { email, password },
        headers: SAME_ORIGIN,
      });
      expect(login.status(), `sign in to delete ${email}`).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const deleted = await request.post("/api/auth/delete-account", {
        data: { password },
        headers: { ...SAME_ORIGIN, authorization: `Bearer ${token}` },
      });
      expect(deleted.status(), `delete ${email}`).toBe(200);
    }
  },
  consoleProblems: [
    async ({ page, expectedConsole }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        // "Failed to load resource" names its address only in the location.
        const text = /Failed to load resource/.test(message.text())
          ? `${message.text()} (${message.location().url})`
          : message.text();
        const isCsp = /content security policy|csp violation/i.test(text);
        if ((message.type() === "error" || isCsp) && !expectedConsole.some((re) => re.test(text))) {
          problems.push(`${message.type()}: ${text}`);
        }
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
        });
      });
      await use(problems);
      expect(problems, "console errors or CSP violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** axe findings of serious or critical impact, as "rule: target" lines. */
export async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(" ")} (${v.help})`));
}

export async function useTheme(page: Page, theme: "light" | "dark"): Promise<void> {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem("e2e-theme-set")) {
      localStorage.setItem("theme", value);
      sessionStorage.setItem("e2e-theme-set", "1");
    }
  }, theme);
}

export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/** The toast on screen with this title, inside the "Notifications" region (Turkish too). */
export function toast(page: Page, title: string) {
  return page
    .getByRole("region", { name: /Notifications|Bildirimler/ })
    .getByText(title, { exact: true });
}

/** One of the generator's selects; phones fold them under "More options" (issue 10). */
export async function generatorSelect(
  page: Page,
  label: string,
  promptLabel = "Describe the text you want",
) {
  const select = page.getByLabel(label, { exact: true });
  // The generator is an island: wait for it before asking whether the options are folded.
  await page.getByLabel(promptLabel).waitFor();
  const more = page.getByRole("button", { name: /^(More options|Diğer seçenekler)$/ });
  if (isPhone(page) && (await more.getAttribute("aria-expanded")) === "false") await more.click();
  // Some selects come later than the form (Voice waits for the signed-in user).
  await select.waitFor();
  return select;
}

/** Writes one text through the form and gives it once it is rendered whole. */
export async function writeText(page: Page, prompt: string): Promise<string> {
  await page.getByLabel("Describe the text you want").fill(prompt);
  await page.getByRole("button", { name: "Generate Text" }).click();
  await expect(page.getByRole("button", { name: "Regenerate" })).toBeVisible({ timeout: 30_000 });
  return settledText(page);
}

/** Asks for a second version with `button` (Regenerate, Shorter…); gives it once whole. */
export async function secondVersion(page: Page, button: string): Promise<string> {
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByTestId("version-count")).toHaveText("2/2", { timeout: 20_000 });
  return settledText(page);
}

/**
 * The result's text once it is rendered whole: the last block of a text that has just
 * arrived shows as written for a render or two more (RenderedText), and its lines then
 * break differently. Until the Markdown renderer has loaded (on the first text), the whole
 * text shows as written, its blank lines kept.
 */
export async function settledText(page: Page): Promise<string> {
  const result = page.getByTestId("result-text");
  await expect(result).not.toHaveAttribute("data-streaming");
  await expect(result).toHaveClass(/\brendered-text\b/);
  await expect(result.locator(".whitespace-pre-wrap")).toHaveCount(0);
  return (await result.textContent()) ?? "";
}
