// Runs first in `npm test` and `npm run test:e2e`: the browser suite needs a Chromium, and
// without one Playwright fails every browser test minutes later. Plain JavaScript, like
// check-node.cjs. The path is the one playwright.config.ts launches.
var fs = require("node:fs");
var path = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
try {
  fs.accessSync(path, fs.constants.X_OK);
  if (!fs.statSync(path).isFile()) throw new Error("not a file");
} catch {
  console.error(
    "The browser tests need Chromium, and there is no executable at " +
      path +
      ": install it (Debian, Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH" +
      " to a Chromium or Chrome executable. npm run test:unit and test:api need no browser.",
  );
  process.exit(1);
}
