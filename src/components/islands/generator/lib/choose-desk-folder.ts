import { DESK_FOLDER_KEY, type DeskFolder } from "./desk-folder.ts";

/** Chooses the folder new texts go into (desk-folder.ts); null files them nowhere. */
export function chooseDeskFolder(folder: DeskFolder | null): void {
  try {
    if (folder) sessionStorage.setItem(DESK_FOLDER_KEY, JSON.stringify(folder));
    else sessionStorage.removeItem(DESK_FOLDER_KEY);
  } catch {
    // Storage refused (private mode): new texts are filed by hand.
  }
}
