import { afterAll, beforeAll } from "vitest";
import { parseConfig } from "#server/config.ts";
import { openDatabase, type DatabaseHandle } from "#server/db/index.ts";
import { createStorage, type Storage } from "./server.ts";

export interface UseDatabaseOptions {
  /** The environment parseConfig reads, from the storage's (the default: its own). */
  env?: (storage: Storage) => Record<string, string>;
  /** Open nothing when this holds (a suite skipped on this database). */
  skip?: boolean;
  /** Runs once the database is open (fill it). */
  ready?: (handle: DatabaseHandle) => Promise<void>;
}

/** The database opened in the test's own process, with the storage it lives in. */
export interface DatabaseUse {
  readonly db: DatabaseHandle["db"];
  readonly kind: DatabaseHandle["kind"];
  readonly storage: Storage;
}

/**
 * A fresh storage (PGlite in a data directory, or a scratch PostgreSQL database under
 * TEST_DATABASE_URL) opened in-process for the tests of the file or describe block that
 * calls it: a beforeAll opens it, an afterAll closes and removes it.
 */
export function useDatabase(options: UseDatabaseOptions = {}): DatabaseUse {
  let storage: Storage | undefined;
  let handle: DatabaseHandle | undefined;
  const open = () => {
    if (!handle) throw new Error("the database is not open (yet)");
    return handle;
  };

  beforeAll(async () => {
    if (options.skip) return;
    storage = await createStorage();
    handle = await openDatabase(parseConfig(options.env?.(storage) ?? storage.env));
    await options.ready?.(handle);
  });

  afterAll(async () => {
    await handle?.close();
    await storage?.cleanup();
  });

  return {
    get db() {
      return open().db;
    },
    get kind() {
      return open().kind;
    },
    get storage() {
      if (!storage) throw new Error("the storage is not made (yet)");
      return storage;
    },
  };
}
