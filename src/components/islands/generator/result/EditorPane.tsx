import { lazy, Suspense, useState, type KeyboardEvent } from "react";
import { languageTag, textDirection } from "#shared/generation.ts";
import type { Translate } from "#components/ui/use-messages.ts";
import { editorBox, toolButton, type EditorViewProps } from "./editor-view.ts";
import type { TextEditor } from "./use-text-editor.ts";

/**
 * The rich editor (TipTap) is loaded when Edit is pressed, never with the page (decision
 * 074): the home page's JavaScript has a budget. Should it fail to load (a new deploy, the
 * network gone), the text is edited as Markdown.
 */
const RichEditor = lazy(() =>
  import("./RichEditor.tsx").catch(() => ({ default: MarkdownEditor })),
);

/**
 * Edit: the text formatted as it shows (headings, lists, emphasis, links, tables) in a rich
 * editor, or its Markdown with the switch. Escape cancels (asking first when something
 * changed) and Ctrl+Enter saves, in either.
 */
export function EditorPane({
  editor,
  language,
  t,
}: {
  editor: TextEditor;
  language: string;
  t: Translate;
}) {
  const [autoFocus, setAutoFocus] = useState(true);
  const onKeyDownCapture = (event: KeyboardEvent) => {
    // Before the editor's own keys: Ctrl+Enter is a line break to TipTap.
    if (event.key === "Escape") {
      // Else the same key press would close the question it opens.
      event.preventDefault();
      editor.cancel();
    }
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void editor.save();
    }
  };
  const toggle = (
    <button
      type="button"
      data-testid="markdown-switch"
      className={`${toolButton} ms-auto`}
      aria-pressed={editor.markdown}
      onClick={() => {
        setAutoFocus(false);
        editor.setMarkdown(!editor.markdown);
      }}
    >
      {t("desk.markdownView")}
    </button>
  );
  const props = { editor, language, autoFocus, t, children: toggle };
  return (
    <div onKeyDownCapture={onKeyDownCapture}>
      {editor.markdown ? (
        <MarkdownEditor {...props} />
      ) : (
        <Suspense fallback={<EditorLoading />}>
          <RichEditor {...props} />
        </Suspense>
      )}
    </div>
  );
}

/** The raw Markdown, as Edit showed it before the rich editor. */
export function MarkdownEditor({ editor, language, autoFocus, t, children }: EditorViewProps) {
  return (
    <>
      <div className="mb-2 flex items-center gap-1">{children}</div>
      <textarea
        data-testid="result-markdown"
        aria-label={t("desk.editMarkdownLabel")}
        title={t("desk.editMarkdownLabel")}
        dir={textDirection(language)}
        lang={languageTag(language)}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- it opens on Edit: focus goes where the person asked to write
        autoFocus={autoFocus}
        value={editor.draft ?? ""}
        onChange={(event) => editor.setDraft(event.target.value)}
        className={`${editorBox} block resize-y font-mono text-sm leading-6`}
      />
    </>
  );
}

/** While the editor's code arrives: the toolbar's row and the box, empty. */
function EditorLoading() {
  return (
    <div aria-busy="true">
      <div className="mb-2 h-8" />
      <div className={`${editorBox} animate-pulse bg-slate-50 dark:bg-slate-900`} />
    </div>
  );
}
