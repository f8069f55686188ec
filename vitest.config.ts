import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/api/global-setup.ts"],
          // Rules tested in-process log through the same logger; servers set their own level.
          env: { LOG_LEVEL: "warn" },
          // A test that starts its own server on a fresh folder waits ~10 s for it alone on a
          // slow machine, far longer beside another file's: these bound a hang, not speed.
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // Each file starts its own server and database; two cores run two at a time.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: "faults",
          include: ["tests/faults/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/api/global-setup.ts"],
          env: { LOG_LEVEL: "warn" },
          testTimeout: 180_000,
          hookTimeout: 60_000,
          // Load and signals need the machine to themselves.
          fileParallelism: false,
        },
      },
    ],
  },
});
