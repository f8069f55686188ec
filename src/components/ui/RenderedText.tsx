import { useDeferredValue, useEffect, useMemo, useState, type Ref } from "react";
import { languageTag, textDirection } from "#shared/generation.ts";

export interface RenderedTextProps {
  /** The text as written (Markdown). */
  text: string;
  /** The text's language id: Arabic is laid out right to left. */
  language: string;
  /** While text is still arriving. */
  streaming?: boolean;
  className?: string;
  /** For Print (TextActions' printTargetId) and links. */
  id?: string;
  "data-testid"?: string;
  /** A scroll box is a focusable, labelled region (axe's scrollable-region-focusable). */
  role?: "region";
  tabIndex?: number;
  "aria-label"?: string;
  ref?: Ref<HTMLDivElement>;
}

type Render = (text: string) => string;
let renderer: Render | null = null;
let loading: Promise<Render> | null = null;

/** The Markdown renderer is loaded with the first text, not with the page. */
function loadRenderer(): Promise<Render> {
  loading ??= import("#client/markdown.ts").then(
    // Under the panel's (or the viewer's) <h2>: the text's "# Title" is an <h3>.
    (module) =>
      (renderer = (text) => module.renderMarkdown(text, { topHeading: 3, chunkLongLists: true })),
  );
  return loading;
}

/**
 * Where a streaming text's finished blocks end: after its last blank line outside a code
 * fence. What comes after may still change its meaning (a table's next row, a list's next
 * item), so it shows as written until it is finished.
 */
export function settledLength(text: string): number {
  let settled = 0;
  let fence: string | null = null;
  let offset = 0;
  for (const line of text.split("\n")) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === null ? marker : null;
    } else if (fence === null && line.trim() === "" && offset > 0) {
      settled = offset;
    }
    offset += line.length + 1;
  }
  return Math.min(settled, text.length);
}

/**
 * The block being written, as written: one element per line, so that a new word changes
 * the last line only and the browser lays out (and shapes the text of) that line alone, not
 * the whole block again (a table streamed as one 20 KB paragraph was re-shaped whole on
 * every flush).
 */
function WrittenLines({ text }: { text: string }) {
  return (
    <div className="whitespace-pre-wrap">
      {text.split("\n").map((line, i) => (
        <div key={i}>{line || "\u00a0"}</div>
      ))}
    </div>
  );
}

/**
 * A written text, rendered from Markdown (headings, lists, emphasis, tables; raw HTML is
 * shown as text). Until the renderer has loaded, the text shows as written. While it
 * streams, its finished blocks are rendered (again only when one more is finished) and the
 * block being written shows as written: re-rendering a long table on every word froze the
 * tab for seconds.
 */
export function RenderedText({ text, language, streaming, className, ...rest }: RenderedTextProps) {
  const [render, setRender] = useState<Render | null>(() => renderer);
  useEffect(() => {
    if (render) return;
    let live = true;
    loadRenderer().then(
      (loaded) => live && setRender(() => loaded),
      () => {
        // Offline after a deploy: the text stays readable as written.
      },
    );
    return () => {
      live = false;
    };
  }, [render]);

  // What is rendered as HTML follows the text in a render of its own, after the one that
  // shows everything else (the end of streaming, a new version): the page answers first,
  // and a long table's HTML and layout are not added to the task that took Stop away.
  // Another text (another version) is rendered at once: the last one's HTML never shows.
  const settled = streaming ? text.slice(0, settledLength(text)) : text;
  const deferred = useDeferredValue(settled);
  const rendered = text.startsWith(deferred) ? deferred : settled;
  const tail = text.slice(rendered.length);
  const html = useMemo(() => (render ? render(rendered) : null), [render, rendered]);

  const shared = {
    ...rest,
    dir: textDirection(language),
    lang: languageTag(language),
    "data-streaming": streaming ? "" : undefined,
  };
  if (html === null) {
    return (
      <div {...shared} className={`whitespace-pre-wrap ${className ?? ""}`}>
        {text}
      </div>
    );
  }
  // The renderer escapes raw HTML and unsafe links (see markdown.ts).
  if (!tail) {
    return (
      <div
        {...shared}
        className={`rendered-text ${className ?? ""}`}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  }
  return (
    <div {...shared} className={`rendered-text ${className ?? ""}`}>
      <div className="contents" dangerouslySetInnerHTML={{ __html: html }} />
      <WrittenLines text={tail.trim()} />
    </div>
  );
}
