import { useEffect, useRef, useState, type RefObject } from "react";
import { $unsavedEdit, afterUnsavedEdits } from "#generator/state/text-edit.ts";
import { saveEditedText } from "#generator/state/edit-saving.ts";

/** Edit → Save or Cancel on the shown version. */
export interface TextEditor {
  /** The editor's text while the shown version is being edited; null otherwise. */
  draft: string | null;
  editing: boolean;
  saving: boolean;
  setDraft(draft: string | null): void;
  /** The Markdown switch: the raw Markdown in a plain text box instead of the rich editor. */
  markdown: boolean;
  setMarkdown(markdown: boolean): void;
  save(): Promise<void>;
  /** Cancel or Escape: asks first when there are changes, then closes. */
  cancel(): void;
  /** The Edit button, where focus goes back once Cancel closes the editor. */
  editButton: RefObject<HTMLButtonElement | null>;
}

/**
 * The result panel's editor: opens on the shown version's text, closes when another
 * version is shown or a text starts, guards unsaved changes (here and on leaving the page)
 * and saves them as a new version.
 */
export function useTextEditor(text: string, streaming: boolean, shown: number): TextEditor {
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Kept while the page is open: who prefers the Markdown finds it again at the next Edit.
  const [markdown, setMarkdown] = useState(false);
  const editing = draft !== null && !streaming;
  const changed = editing && draft !== text;
  const editButton = useRef<HTMLButtonElement>(null);
  /** Set when Cancel's answer closes the editor: focus goes back to Edit, not to the page. */
  const refocusEdit = useRef(false);
  // Another version shown, or a text streaming, closes the editor.
  const [openedFor, setOpenedFor] = useState({ shown, streaming });
  if (openedFor.shown !== shown || openedFor.streaming !== streaming) {
    setOpenedFor({ shown, streaming });
    setDraft(null);
  }
  useEffect(() => {
    $unsavedEdit.set(changed);
    if (!changed) return;
    // Leaving the page asks first too, in the browser's words.
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    addEventListener("beforeunload", warn);
    return () => {
      $unsavedEdit.set(false);
      removeEventListener("beforeunload", warn);
    };
  }, [changed]);
  useEffect(() => {
    if (editing || !refocusEdit.current) return;
    refocusEdit.current = false;
    editButton.current?.focus();
  }, [editing]);
  const closeEditor = () => {
    refocusEdit.current = true;
    setDraft(null);
  };
  const cancel = () => {
    if (!saving) afterUnsavedEdits(closeEditor);
  };
  const save = async () => {
    if (draft === null || saving) return;
    // Nothing changed: nothing to keep, and Edit has the focus again, as after Cancel.
    if (draft === text) return closeEditor();
    setSaving(true);
    const saved = await saveEditedText(draft);
    setSaving(false);
    if (saved) setDraft(null);
  };
  return { draft, editing, saving, setDraft, markdown, setMarkdown, save, cancel, editButton };
}
