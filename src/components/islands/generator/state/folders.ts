import { computed } from "nanostores";
import type { Folder, FolderAnswer, FolderList, TextFolderAnswer } from "#shared/api/folders.ts";
import type { FolderChanges, NewFolder } from "#shared/schemas/folders.ts";
import { apiFetch, type ApiResult } from "#client/http.ts";
import { createFetcherStore, invalidateKeys } from "#stores/query.ts";
import { $currentUser } from "#stores/user.ts";
import { invalidateHistory } from "./history-cache.ts";

export const FOLDERS_KEY = "/api/folders";

/** Only a signed-in user has folders: for a guest the store asks for nothing. */
const $foldersKey = computed($currentUser, ({ data }) => (data?.user ? FOLDERS_KEY : null));

/** The signed-in user's folders; fresh for 5 minutes, refetched after each change. */
export const $folders = createFetcherStore<FolderList>([$foldersKey], { dedupeTime: 300_000 });

type Answer<T> = Promise<ApiResult<T>>;

/** A change of folders; `texts` too when texts moved (the history shows where each is). */
async function changed<T>(answer: Answer<T>, texts = false): Answer<T> {
  const result = await answer;
  if (result.ok) {
    invalidateKeys(FOLDERS_KEY);
    if (texts) invalidateHistory();
  }
  return result;
}

export function makeFolder(folder: Partial<NewFolder>): Answer<FolderAnswer> {
  return changed(apiFetch<FolderAnswer>(FOLDERS_KEY, { json: folder }));
}

export function changeFolder(id: Folder["id"], changes: FolderChanges): Answer<FolderAnswer> {
  return changed(
    apiFetch<FolderAnswer>(`${FOLDERS_KEY}/${id}`, { method: "PATCH", json: changes }),
  );
}

/** Deletes a folder; its texts stay, in no folder. */
export function removeFolder(id: Folder["id"]): Answer<{ success: boolean }> {
  return changed(apiFetch(`${FOLDERS_KEY}/${id}`, { method: "DELETE" }), true);
}

/** Files a text (with all its versions) into a folder, or takes it out with null. */
export function fileTextInto(textId: string, folderId: string | null): Answer<TextFolderAnswer> {
  return changed(
    apiFetch<TextFolderAnswer>(`/api/email/text/${textId}/folder`, { json: { folderId } }),
    true,
  );
}
