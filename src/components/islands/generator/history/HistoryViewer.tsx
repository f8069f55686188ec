import { pageInChosenLanguage } from "#client/chosen-language.ts";
import { contentTypeName, languageOption } from "#i18n/wording.ts";
import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { savePromptForReuse, type ReusablePrompt } from "#generator/lib/reuse-prompt.ts";
import { deskOwner, writeDeskMemory } from "#generator/lib/restored-versions.ts";
import { versionText } from "#generator/lib/version-text.ts";
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
    ...(item.voiceId ? { voiceId: item.voiceId } : {}),
  });
  location.assign(pageInChosenLanguage("/"));
}

/**
 * "Change in the writer": the desk opens this text with all its versions, where its
 * passages can be changed (issue 43). The desk reads it back by its id, as after a reload.
 */
function openInWriter(item: HistoryItem, userId: string) {
  writeDeskMemory({ who: deskOwner({ id: userId }), ids: [], shown: item.id, whole: true });
  location.assign(`${pageInChosenLanguage("/")}#generator`);
}

/**
 * The shown text: the list's, or read on its own where the list left it out (issue 24);
 * undefined while it is being read, null when it could not be.
 */
function useShownText(item: HistoryItem | null): string | null | undefined {
  const [read, setRead] = useState<{ id: string; text: string | null } | null>(null);
  useEffect(() => {
    if (!item || item.generatedContent !== null) return;
    let current = true;
    void versionText(item).then((text) => {
      if (current) setRead({ id: item.id, text });
    });
    return () => {
      current = false;
    };
  }, [item]);
  if (!item) return undefined;
  if (item.generatedContent !== null) return item.generatedContent;
  return read?.id === item.id ? read.text : undefined;
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
  const text = useShownText(item);
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
          {typeof text === "string" ? (
            <>
              <RenderedText
                id="history-viewer-text"
                data-testid="viewer-text"
                text={text}
                language={item.language}
                className="mt-4 max-h-[55vh] overflow-y-auto rounded-md border border-slate-200 p-4 text-[0.95rem] leading-7 dark:border-slate-700"
              />
              <div className="mt-4 flex flex-wrap items-center gap-2">
                <TextActions
                  text={text}
                  subject={item.subject}
                  language={item.language}
                  printTargetId="history-viewer-text"
                />
              </div>
            </>
          ) : (
            <p className="mt-4 text-sm text-slate-600 dark:text-slate-400" role="status">
              {text === undefined ? t("common.loading") : t("error.network")}
            </p>
          )}
          <div className="mt-4 flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
            <button
              type="button"
              className={`${historyButton} text-red-700 dark:text-red-400`}
              onClick={() => onDelete(item)}
            >
              {t("history.delete")}
            </button>
            {/* A person's own text (issue 26) had no prompt to use again. */}
            {item.modelUsed !== "own" && (
              <button type="button" className={historyButton} onClick={() => reuse(item)}>
                {t("history.reuse")}
              </button>
            )}
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
