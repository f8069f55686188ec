import type { ReactNode } from "react";
import type { Translate } from "#components/ui/use-messages.ts";
import type { TextEditor } from "./use-text-editor.ts";

/** What both editors take: the rich one (loaded on Edit) and the Markdown text box. */
export interface EditorViewProps {
  editor: TextEditor;
  /** The text's language, for its direction and hyphenation. */
  language: string;
  /** Focus goes into the editor when it opens, not when the Markdown switch is pressed. */
  autoFocus: boolean;
  t: Translate;
  /** The Markdown switch, at the end of the editor's toolbar. */
  children: ReactNode;
}

/** The editor's look, shared by the rich editor and the Markdown text box. */
export const editorBox =
  "min-h-[20rem] w-full rounded-md border border-slate-300 bg-white p-3 text-slate-900 focus:outline-2 focus:outline-brand-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";

/** A button of the editor's toolbar, the Markdown switch among them. */
export const toolButton =
  "inline-flex min-h-8 min-w-8 items-center justify-center rounded border border-slate-300 px-2 text-sm text-slate-800 hover:bg-slate-50 aria-pressed:bg-brand-50 aria-pressed:text-brand-700 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800 dark:aria-pressed:bg-slate-800 dark:aria-pressed:text-brand-100";
