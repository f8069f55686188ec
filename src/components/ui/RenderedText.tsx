import { useEffect, useMemo, useRef, useState } from "react";
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
}

type Render = (text: string) => string;
let renderer: Render | null = null;
let loading: Promise<Render> | null = null;

/** The Markdown renderer is loaded with the first text, not with the page. */
function loadRenderer(): Promise<Render> {
  loading ??= import("#client/markdown.ts").then(
    // Under the panel's (or the viewer's) <h2>: the text's "# Title" is an <h3>.
    (module) => (renderer = (text) => module.renderMarkdown(text, { topHeading: 3 })),
  );
  return loading;
}

/** While text streams in, it is rendered at most this often (and less when that is slow). */
const STREAM_RENDER_MS = 100;

/**
 * The text to render: as it is once written; while it streams, a copy that catches up at
 * most every STREAM_RENDER_MS, or four times the last render's cost when that is longer,
 * so a long text (a 200-row table) never re-renders on every word and the page stays
 * responsive.
 */
function useStreamedText(text: string, streaming: boolean, renderMs: { current: number }) {
  const [shown, setShown] = useState(text);
  const latest = useRef(text);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  latest.current = text;
  useEffect(() => {
    if (!streaming) {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
      setShown(text);
      return;
    }
    if (timer.current !== null) return;
    timer.current = setTimeout(
      () => {
        timer.current = null;
        setShown(latest.current);
      },
      Math.max(STREAM_RENDER_MS, renderMs.current * 4),
    );
  }, [text, streaming, renderMs]);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
  return streaming ? shown : text;
}

/**
 * A written text, rendered from Markdown (headings, lists, emphasis, tables; raw HTML is
 * shown as text). Until the renderer has loaded, the text shows as written.
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

  const renderMs = useRef(0);
  const shown = useStreamedText(text, Boolean(streaming), renderMs);
  const html = useMemo(() => {
    if (!render) return null;
    const started = performance.now();
    const rendered = render(shown);
    renderMs.current = performance.now() - started;
    return rendered;
  }, [render, shown]);

  const shared = {
    ...rest,
    dir: textDirection(language),
    lang: languageTag(language),
    "data-streaming": streaming ? "" : undefined,
  };
  if (html === null) {
    return (
      <div {...shared} className={`whitespace-pre-wrap ${className ?? ""}`}>
        {shown}
      </div>
    );
  }
  return (
    <div
      {...shared}
      className={`rendered-text ${className ?? ""}`}
      // The renderer escapes raw HTML and unsafe links (see markdown.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
