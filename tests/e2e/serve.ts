/** Starts the built server for Playwright on a data directory emptied first. */
import { rmSync } from "node:fs";

rmSync(process.env.DATA_DIR ?? ".test-data/e2e", { recursive: true, force: true });
await import("../../server/main.ts");
