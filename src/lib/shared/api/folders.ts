/** A folder as GET/POST /api/folders and PATCH /api/folders/{id} answer it. */
export interface Folder {
  id: string;
  name: string;
  /** The voice new texts written from this folder use when none is chosen. */
  voiceId: string | null;
  /** How many texts are filed in it. */
  texts: number;
  createdAt: string;
}

/** GET /api/folders: the caller's folders by name, and how many they may keep. */
export interface FolderList {
  success: true;
  folders: Folder[];
  limit: number;
}

/** POST /api/folders (201) and PATCH /api/folders/{id}. */
export interface FolderAnswer {
  success: true;
  folder: Folder;
}

/** POST /api/email/text/{id}/folder: where the text is now (null: in no folder). */
export interface TextFolderAnswer {
  success: true;
  rootId: string;
  folderId: string | null;
}
