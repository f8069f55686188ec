import { contentTypeName, languageOption } from "#i18n/messages.ts";
import { useStore } from "@nanostores/react";
import { savePromptForReuse, type ReusablePrompt } from "#client/reuse-prompt.ts";
import { deskOwner, writeDeskMemory } from "#client/restored-versions.ts";
import { $currentUser } from "#stores/user.ts";
import type { HistoryItem } from "#shared/schemas/generation.ts";
import { ModalDialog } from "#components/ui/ModalDialog.tsx";
import { RenderedText } from "#components/ui/RenderedText.tsx";
import { TextActions } from "#components/ui/TextActions.tsx";
import { useMessages } from "#components/ui/use-messages.ts";
import { UseCaseName } from "../use-case-name.tsx";
import { EntryDate } from "./EntryDate.tsx";
import { historyButton } from "./history-button.ts";

/** "Use this prompt again": the generator opens with the text's request. */
function reuse(item: HistoryItem) {
  // The generator checks each value before it uses it (takePromptForReuse).
  savePromptForReuse({
    content: item.content,
    contentType: item.contentType as ReusablePrompt["contentType"],
    language: item.language as ReusablePrompt["language"],
    tone: item.tone as ReusablePrompt["tone"],
    length: (item.length ?? undefined) as ReusablePrompt["length"],
    // The generator finds the use case by its slug; one no longer listed becomes the description.
    ...(item.useCase ? { useCase: item.useCase, fields: item.fields ?? {} } : {}),
  });
  location.assign("/");
}

/**
 * "Change in the writer": the desk opens this text with all its versions, where its
 * passages can be changed (issue 43). The desk reads it back by its id, as after a reload.
 */
function openInWriter(item: HistoryItem, userId: string) {
  writeDeskMemory({ who: deskOwner({ id: userId }), ids: [], shown: item.id, whole: true });
  location.assign("/#generator");
}

/** One text, rendered, with its exports, Delete and "Use this prompt again". */
export function HistoryViewer({
  item,
  onClose,
  onDelete,
}: {
  /** The text shown; null when the viewer is closed. */
  item: HistoryItem | null;
  onClose(): void;
  onDelete(item: HistoryItem): void;
}) {
  const { language: uiLanguage, t } = useMessages();
  const userId = useStore($currentUser).data?.user?.id;
  return (
    <ModalDialog
      wide
      open={item !== null}
      onClose={onClose}
      title={<span dir="auto">{item?.subject}</span>}
      description={
        item && (
          <p>
            {contentTypeName(uiLanguage, item.contentType)}
            <UseCaseName slug={item.useCase} before=" · " /> ·{" "}
            {languageOption(uiLanguage, item.language)} · <EntryDate item={item} />
          </p>
        )
      }
    >
      {item && (
        <>
          <RenderedText
            id="history-viewer-text"
            data-testid="viewer-text"
            text={item.generatedContent}
            language={item.language}
            className="mt-4 max-h-[55vh] overflow-y-auto rounded-md border border-slate-200 p-4 text-[0.95rem] leading-7 dark:border-slate-700"
          />
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <TextActions
              text={item.generatedContent}
              subject={item.subject}
              language={item.language}
              printTargetId="history-viewer-text"
            />
          </div>
          <div className="mt-4 flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
            <button
              type="button"
              className={`${historyButton} text-red-700 dark:text-red-400`}
              onClick={() => onDelete(item)}
            >
              {t("history.delete")}
            </button>
            <button type="button" className={historyButton} onClick={() => reuse(item)}>
              {t("history.reuse")}
            </button>
            {userId && item.modelUsed !== "local" && (
              <button
                type="button"
                className={historyButton}
                onClick={() => openInWriter(item, userId)}
              >
                {t("history.openInWriter")}
              </button>
            )}
            <button
              type="button"
              className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
              onClick={onClose}
            >
              {t("common.close")}
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
