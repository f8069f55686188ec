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
          // slow machine, over 60 s beside other work at a load of 20: these bound a hang, not
          // speed, and no test sets less.
          testTimeout: 180_000,
          hookTimeout: 180_000,
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
          // A server may take 120 s to start (tests/support/server.ts).
          hookTimeout: 180_000,
          // Load and signals need the machine to themselves.
          fileParallelism: false,
        },
      },
    ],
  },
});
