import { useEffect, useState } from "react";
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

  const shared = {
    ...rest,
    dir: textDirection(language),
    lang: languageTag(language),
    "data-streaming": streaming ? "" : undefined,
  };
  if (!render) {
    return (
      <div {...shared} className={`whitespace-pre-wrap ${className ?? ""}`}>
        {text}
      </div>
    );
  }
  return (
    <div
      {...shared}
      className={`rendered-text ${className ?? ""}`}
      // The renderer escapes raw HTML and unsafe links (see markdown.ts).
      dangerouslySetInnerHTML={{ __html: render(text) }}
    />
  );
}
