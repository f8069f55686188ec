import { Editor } from "@tiptap/core";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { docToMarkdown, editorExtensions, markdownToDoc } from "#generator/lib/editor-markdown.ts";
import { languageTag, textDirection } from "#shared/generation.ts";
import type { MessageKey } from "#i18n/messages.ts";
import { editorBox, toolButton, type EditorViewProps } from "./editor-view.ts";

/** The toolbar: what a text's Markdown says most, each also on its usual keys. */
const TOOLS: {
  label: MessageKey;
  mark: string;
  className?: string;
  active: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}[] = [
  {
    label: "desk.format.bold",
    mark: "B",
    className: "font-bold",
    active: (editor) => editor.isActive("bold"),
    run: (editor) => editor.chain().focus().toggleBold().run(),
  },
  {
    label: "desk.format.italic",
    mark: "I",
    className: "italic",
    active: (editor) => editor.isActive("italic"),
    run: (editor) => editor.chain().focus().toggleItalic().run(),
  },
  {
    label: "desk.format.heading",
    mark: "H",
    className: "font-semibold",
    active: (editor) => editor.isActive("heading", { level: 2 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: "desk.format.bulletList",
    mark: "•",
    active: (editor) => editor.isActive("bulletList"),
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
  },
];

/**
 * Edit what you see (issue 20): the text formatted as it shows, in TipTap. Every change
 * writes the draft's Markdown; a document back as it opened (typed and undone) gives back
 * the Markdown it opened with, so that an unchanged text is never rewritten (`* ` bullets
 * do not become `- `). Undo and redo are ProseMirror's, until the editor closes.
 */
export default function RichEditor({ editor, language, autoFocus, t, children }: EditorViewProps) {
  const mount = useRef<HTMLDivElement>(null);
  const [tiptap, setTiptap] = useState<Editor | null>(null);
  // The toolbar shows what applies where the caret is.
  const [, setSelectionCount] = useState(0);
  const latest = useRef(editor);
  useLayoutEffect(() => {
    latest.current = editor;
  });
  const label = t("desk.editLabel");

  useEffect(() => {
    const opened = latest.current.draft ?? "";
    const created = new Editor({
      element: mount.current,
      extensions: editorExtensions(),
      content: markdownToDoc(opened),
      // Its styles are in global.css: the page's CSP refuses an injected <style>.
      injectCSS: false,
      autofocus: autoFocus ? "start" : false,
      editorProps: {
        attributes: {
          "data-testid": "result-editor",
          role: "textbox",
          "aria-multiline": "true",
          "aria-label": label,
          title: label,
          dir: textDirection(language),
          lang: languageTag(language),
          class: `${editorBox} rendered-text max-h-[32rem] overflow-y-auto text-[0.95rem] leading-7`,
        },
      },
    });
    const start = created.state.doc;
    created.on("update", () => {
      const doc = created.state.doc;
      const draft = doc.eq(start) ? opened : docToMarkdown(doc.toJSON());
      // At once, as a text box's typing is: the unsaved-changes guard and Ctrl+Enter must
      // see the last key's change, never the one before (the keys come in their own events).
      flushSync(() => latest.current.setDraft(draft));
    });
    created.on("transaction", () => setSelectionCount((count) => count + 1));
    setTiptap(created);
    return () => created.destroy();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one editor for as long as this view is open; the draft follows it, not the reverse
  }, []);

  return (
    <>
      <div
        role="group"
        aria-label={t("desk.format.toolbar")}
        className="mb-2 flex items-center gap-1"
      >
        {TOOLS.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className={`${toolButton} ${tool.className ?? ""}`}
            aria-label={t(tool.label)}
            title={t(tool.label)}
            aria-pressed={tiptap ? tool.active(tiptap) : false}
            disabled={!tiptap}
            // The editor keeps its selection: the button applies to it.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => tiptap && tool.run(tiptap)}
          >
            <span aria-hidden="true">{tool.mark}</span>
          </button>
        ))}
        {children}
      </div>
      <div ref={mount} />
    </>
  );
}
