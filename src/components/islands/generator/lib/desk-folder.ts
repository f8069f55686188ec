/**
 * The folder new texts on the desk go into (issue 28), chosen from the history's folder
 * filter and carried in this tab: the generator sends its id, and the server files the text
 * and, with no voice chosen, writes it in the folder's voice (which also checks the id).
 * Kept small: the home page carries it.
 */
export const DESK_FOLDER_KEY = "atg:desk-folder";

export interface DeskFolder {
  id: string;
  name: string;
}

/** The folder chosen for new texts, or null. */
export function deskFolder(): DeskFolder | null {
  try {
    return JSON.parse(sessionStorage.getItem(DESK_FOLDER_KEY)!) as DeskFolder | null;
  } catch {
    return null;
  }
}

/** A new text's `folderId`: the chosen folder's, or none. */
export function deskFolderField(): { folderId?: string } {
  const folder = deskFolder();
  return folder ? { folderId: folder.id } : {};
}
