import type { Ref } from "react";
import { RenderedText } from "#components/ui/RenderedText.tsx";
import type { Translate } from "#components/ui/use-messages.ts";
import { EditorPane } from "./EditorPane.tsx";
import type { TextEditor } from "./use-text-editor.ts";

/** The text itself: its words as they arrive and once written, or the editor. */
export function TextBody({
  text,
  language,
  streaming,
  editor,
  textRef,
  label,
  t,
}: {
  text: string;
  /** The text's language, for its direction and hyphenation. */
  language: string;
  streaming: boolean;
  editor: TextEditor;
  /** The shown text's element, where the passage tools read a selection. */
  textRef?: Ref<HTMLDivElement>;
  /** The text's name for screen readers, with how to change a passage. */
  label: string;
  t: Translate;
}) {
  if (editor.editing) return <EditorPane editor={editor} language={language} t={t} />;
  return (
    <RenderedText
      ref={textRef}
      data-testid="result-text"
      id="result-text"
      role="region"
      tabIndex={0}
      aria-label={label}
      text={text}
      language={language}
      streaming={streaming}
      className="rounded-md lg:max-h-[32rem] lg:overflow-y-auto [contain:content] text-[0.95rem] leading-7 text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 dark:text-slate-100"
    />
  );
}
