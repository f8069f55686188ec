import { atom } from "nanostores";

/**
 * Bumped by the console's islands after each operator action, so that the others (the
 * audit, the overview, the account shown) read again.
 */
export const $consoleChanges = atom(0);

export function noteConsoleChange(): void {
  $consoleChanges.set($consoleChanges.get() + 1);
}
