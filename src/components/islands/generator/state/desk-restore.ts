import { apiFetch } from "#client/http.ts";
import type { DeskMemory } from "#generator/lib/desk-memory.ts";
import {
  deskOwner,
  memoryOf,
  readDeskMemory,
  restoredVersions,
  writeDeskMemory,
} from "#generator/lib/restored-versions.ts";
import { versionText } from "#generator/lib/version-text.ts";
import type { HistoryItem } from "#shared/schemas/generation.ts";
import { $desk, $restoring, updateDesk, type DeskState, type TextVersion } from "./desk.ts";
import { $currentUser } from "#stores/user.ts";

/*
 * Issue 43: nothing vanishes on reload. The panel's versions are remembered for this tab
 * (their ids, and whose they are) while a text is shown; on load, the remembered texts are
 * read back from the server when the same person is at the desk, and never shown to
 * another (signed out since, or someone else signed in). Loaded on first use: by the
 * shown text, or on load when there is something to read back (decision 074).
 */

/** Who is signed in, once /api/auth/me has answered; null when it could not. */
function owner(): Promise<string | null> {
  return new Promise((resolve) => {
    let unbind: (() => void) | null = null;
    let settled = false;
    const settle = (who: string | null) => {
      settled = true;
      unbind?.();
      resolve(who);
    };
    unbind = $currentUser.subscribe(({ data, error }) => {
      if (settled) return;
      if (data) settle(deskOwner(data.user));
      else if (error) settle(null);
    });
    if (settled) unbind();
  });
}

/** Remembers what the desk shows, once it is known who is at it. */
export function rememberDesk(desk: DeskState): void {
  const data = $currentUser.get().data;
  if (!data) return;
  const memory = memoryOf(desk, deskOwner(data.user));
  // A desk without kept text (a first attempt that failed) leaves the memory as it was.
  if (memory) writeDeskMemory(memory);
}

/** Reads back the remembered versions and shows them, if they are this person's. */
export async function restoreDesk(): Promise<void> {
  try {
    const memory = readDeskMemory();
    if (!memory) return writeDeskMemory(null);
    const who = await owner();
    if (who !== memory.who) {
      if (who) writeDeskMemory(null);
      return;
    }
    const restored = await fetchRestoredVersions(memory);
    // A text started meanwhile is what the person is working on now.
    const desk = $desk.get();
    if (!restored || desk.busy || desk.versions.length > 0) return;
    updateDesk({ versions: restored.versions, shown: restored.shown, error: null });
  } finally {
    $restoring.set(false);
  }
}

/**
 * The history's first page (20 texts, each with its refinements): the panel's texts were
 * written in this tab, so they are among the newest unless 20 others were written since.
 */
const NEWEST = "/api/email/my";

/**
 * Reads the remembered versions back from the server: a signed-in person's from their
 * history, a guest's from their trial texts. Null when none is left or the server cannot
 * say; the panel then shows its placeholder, as before any text.
 */
export async function fetchRestoredVersions(
  memory: DeskMemory,
): Promise<{ versions: TextVersion[]; shown: number } | null> {
  try {
    const { ok, body } = await apiFetch<{ generations: HistoryItem[] }>(
      memory.who === "guest"
        ? "/api/email/trial"
        : memory.whole && memory.shown
          ? `${NEWEST}?text=${encodeURIComponent(memory.shown)}`
          : NEWEST,
    );
    return ok && Array.isArray(body.generations)
      ? await restoredVersions(body.generations, memory, versionText)
      : null;
  } catch {
    return null;
  }
}
