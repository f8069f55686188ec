import { REASON } from "#shared/failures.ts";
import { LIBRARY_REASON } from "#shared/library-failures.ts";
import { MAX_FOLDER_NAME_CHARS } from "#shared/folders.ts";
import { z } from "#shared/zod.ts";

const name = z
  .string({ error: LIBRARY_REASON.folderNameMissing })
  .trim()
  .min(1, LIBRARY_REASON.folderNameMissing)
  .max(MAX_FOLDER_NAME_CHARS, LIBRARY_REASON.folderNameTooLong);
/** One of the caller's voices, or null for none. */
const voiceId = z.uuid({ error: REASON.voiceInvalid }).nullable();

/** POST /api/folders. */
export const newFolderSchema = z.object({ name, voiceId: voiceId.optional().default(null) });
export type NewFolder = z.output<typeof newFolderSchema>;

/** PATCH /api/folders/{id}: a new name, a new default voice (null: none), or both. */
export const folderChangesSchema = z
  .object({ name: name.optional(), voiceId: voiceId.optional() })
  .refine((changes) => changes.name !== undefined || changes.voiceId !== undefined, {
    message: "Send a name, a voiceId, or both.",
  });
export type FolderChanges = z.output<typeof folderChangesSchema>;

/** POST /api/email/text/{id}/folder: the folder the text moves into; null takes it out. */
export const textFolderSchema = z.object({
  folderId: z.uuid({ error: REASON.folderNotFound }).nullable(),
});
export type TextFolder = z.output<typeof textFolderSchema>;
