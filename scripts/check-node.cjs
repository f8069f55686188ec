// Runs before `npm start` and `npm test` on whatever Node is installed, so it is plain old
// JavaScript: an older Node would otherwise fail on our .ts files with ERR_UNKNOWN_FILE_EXTENSION.
var required = [22, 18];
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
