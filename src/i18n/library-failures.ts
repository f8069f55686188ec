import type { FailedAnswer } from "#shared/api/failures.ts";
import { failureMessages } from "#shared/failures.ts";
import { LIBRARY_FAILURES, isLibraryFailureReason } from "#shared/library-failures.ts";
import { catalog } from "./catalog.ts";
import { describeFailure, describeFieldFailuresWith } from "./wording.ts";

/**
 * The library's dialogs' failures (folders and templates, issue 28), in English and Turkish,
 * and the wording of a failed answer there: a namespace of its own, loaded with the
 * dialogs, since no form of the home page can meet these (src/lib/shared/library-failures.ts).
 */
const libraryFailuresEn = failureMessages(LIBRARY_FAILURES);

const libraryFailuresTr: Record<keyof typeof libraryFailuresEn, string> = {
  "failure.folderNameMissing": "Lütfen klasöre bir ad verin.",
  "failure.folderNameTooLong": "Lütfen klasörün adını 60 karakterin altında tutun.",
  "failure.folderNameTaken": "Bu adda bir klasörünüz zaten var.",
  "failure.folderLimit":
    "En fazla 100 klasör saklayabilirsiniz. Yenisini eklemek için birini silin.",
  "failure.templateNameMissing": "Lütfen şablona bir ad verin.",
  "failure.templateNameTooLong": "Lütfen şablonun adını 60 karakterin altında tutun.",
  "failure.templateFormInvalid": "Lütfen bir kullanım alanı ya da bir açıklama kaydedin.",
  "failure.templatePlaceholderMalformed":
    "Yer tutucuları {{name}} biçiminde yazın: önce bir harf, sonra harfler ya da rakamlar.",
  "failure.templatePlaceholdersTooMany": "Lütfen en fazla 6 yer tutucu kullanın.",
  "failure.templateLimit":
    "En fazla 50 şablon saklayabilirsiniz. Yenisini eklemek için birini silin.",
};

export const libraryFailureWords = catalog(libraryFailuresEn, libraryFailuresTr);

/** What a failed answer of the library's says, in the interface's language. */
export function describeLibraryFailure(language: string, body: FailedAnswer): string {
  return isLibraryFailureReason(body.reason)
    ? libraryFailureWords.translate(language, `failure.${body.reason}`)
    : describeFailure(language, body);
}

/** Each field's first problem of a failed answer of the library's, in the interface's language. */
export function describeLibraryFieldFailures(
  language: string,
  body: FailedAnswer,
): Record<string, string> {
  return describeFieldFailuresWith(language, body, (reason) =>
    isLibraryFailureReason(reason)
      ? libraryFailureWords.translate(language, `failure.${reason}`)
      : null,
  );
}
