import { isReasonOf, reasonsOf } from "./failures.ts";
import { MAX_FOLDER_NAME_CHARS, MAX_FOLDERS } from "./folders.ts";
import { MAX_PLACEHOLDERS, MAX_TEMPLATE_NAME_CHARS, MAX_TEMPLATES } from "./template-limits.ts";

/**
 * The failures met only in the library's dialogs (folders and templates, issue 28), in
 * English, by their reason: apart from failures.ts, whose words are in the home page's
 * JavaScript (DESIGN §11), since no form of the home page can meet these. The server
 * answers with them as with the others (errors.ts); src/i18n/library-failures.ts words them.
 */
export const LIBRARY_FAILURES = {
  folderNameMissing: "Please give the folder a name.",
  folderNameTooLong: `Please keep the folder's name under ${MAX_FOLDER_NAME_CHARS} characters.`,
  folderNameTaken: "You already have a folder with this name.",
  folderLimit: `You can keep up to ${MAX_FOLDERS} folders. Delete one to add another.`,
  templateNameMissing: "Please give the template a name.",
  templateNameTooLong: `Please keep the template's name under ${MAX_TEMPLATE_NAME_CHARS} characters.`,
  templateFormInvalid: "Please save a use case or a description.",
  templatePlaceholderMalformed: "Write placeholders as {{name}}: a letter, then letters or digits.",
  templatePlaceholdersTooMany: `Please use at most ${MAX_PLACEHOLDERS} placeholders.`,
  templateLimit: `You can keep up to ${MAX_TEMPLATES} templates. Delete one to add another.`,
} as const;

export type LibraryFailureReason = keyof typeof LIBRARY_FAILURES;

/** Each reason by name, for the library's schemas' messages. */
export const LIBRARY_REASON = reasonsOf(LIBRARY_FAILURES);

export function isLibraryFailureReason(message: unknown): message is LibraryFailureReason {
  return isReasonOf(LIBRARY_FAILURES, message);
}
