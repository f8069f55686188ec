import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = ".test-data/e2e";

/** Debian's Chromium; Playwright never downloads a browser here (scripts/check-chromium.cjs). */
const executablePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // Every wait is for a condition, so a longer limit costs a passing test nothing; CI's two
  // cores run two browsers and two servers, and under that load a page can take longer
  // than Playwright's defaults (30 s a test, 5 s an expectation) to do what it does at once.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "phone",
      use: {
        ...devices["Pixel 7"],
        // Same engine, phone-sized viewport and touch.
        browserName: "chromium",
      },
    },
  ],
  webServer: {
    command: "node --max-semi-space-size=8 --max-old-space-size=1536 tests/e2e/serve.ts",
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      // Each test context sends its own X-Forwarded-For (tests/e2e/fixtures.ts).
      TRUSTED_PROXY: "1",
      // E-mailed links must lead back to this server; pages keep the build's canonical URL.
      PUBLIC_URL: baseURL,
      LOG_LEVEL: "warn",
      // The test setting that shortens the 15-second ad (refused in production).
      AD_WATCH_SECONDS: "2",
      // Lets the feedback test approve a submission with `npm run moderate`.
      MODERATION_TOKEN: "e2e-moderation-token-0001",
      // The console tests' operators, one a test and a project: they run side by side.
      OPERATOR_EMAILS: [
        "operator-desktop@example.com",
        "operator-phone@example.com",
        "operator-names-desktop@example.com",
        "operator-names-phone@example.com",
        "operator-shares-desktop@example.com",
        "operator-shares-phone@example.com",
        "operator-plans-desktop@example.com",
        "operator-plans-phone@example.com",
        "operator-signup-desktop@example.com",
        "operator-signup-phone@example.com",
        "operator-header-desktop@example.com",
        "operator-chart-desktop@example.com",
        "operator-chart-phone@example.com",
        "operator-balance-desktop@example.com",
        "operator-balance-phone@example.com",
      ].join(","),
    },
  },
});
