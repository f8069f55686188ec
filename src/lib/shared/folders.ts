/**
 * Folders (issue 28, DESIGN §5): a signed-in user files texts into folders, a text in at
 * most one; a folder may name the voice its new texts are written in.
 */
export const MAX_FOLDERS = 100;
export const MAX_FOLDER_NAME_CHARS = 60;
