// Runs before `npm start` and `npm test` on whatever Node is installed, so it is plain old
// JavaScript: an older Node would otherwise fail on our .ts files with ERR_UNKNOWN_FILE_EXTENSION.
// The version it asks for is package.json's `engines.node` (">=22.18.0"), which `npm install`
// also enforces (`engine-strict` in .npmrc).
var range = require("../package.json").engines.node;
var required = /^>=(\d+)\.(\d+)/.exec(range).slice(1, 3).map(Number);
var found = process.versions.node.split(".").map(Number);
if (found[0] < required[0] || (found[0] === required[0] && found[1] < required[1])) {
  console.error(
    "This project needs Node.js " +
      required.join(".") +
      " or newer (it runs .ts files directly); this is Node.js " +
      process.versions.node +
      ". Install Node 24 (see .nvmrc) and try again.",
  );
  process.exit(1);
}
