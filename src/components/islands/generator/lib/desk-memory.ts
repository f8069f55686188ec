/**
 * What the result panel was showing, kept for this tab across a reload (issue 43): whose
 * it was, the ids of its versions and the one shown. The texts themselves are read back
 * from the server, so a deleted text shows nothing and a stale copy never shows.
 */
export interface DeskMemory {
  /** `user:<id>` or `guest`: shown again only to the same person. */
  who: string;
  /** The versions' ids, the text being written included (the server finishes it). */
  ids: string[];
  /** The id of the version shown. */
  shown: string | null;
  /**
   * Opened from the history (issue 43): every version of the text holding `shown`, read
   * by its id, however old; `ids` is then empty.
   */
  whole?: boolean;
}

export const DESK_MEMORY_KEY = "atg:desk";

/**
 * Whether this tab remembers a text to show again: read at start, for the panel's first
 * render; what it remembers is read by the code loaded then (`restored-versions.ts`).
 */
export function hasDeskMemory(): boolean {
  try {
    return sessionStorage.getItem(DESK_MEMORY_KEY) !== null;
  } catch {
    return false;
  }
}
