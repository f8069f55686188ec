import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { passageWords } from "#i18n/passages.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { passagePriceRange } from "#shared/credits.ts";
import { MAX_INSTRUCTION_CHARS, type RefineAction } from "#shared/generation.ts";
import type { PassageRange } from "#shared/schemas/generation.ts";
import { passageBlocks, selectedPassage } from "#client/passage-dom.ts";
import { changePassage } from "#stores/passage-changes.ts";
import { paidAction } from "../paid-action.ts";

/** What the toolbar offers for a chosen passage, in its order (issue 43). */
const ACTIONS = [
  "rephrase",
  "shorter",
  "longer",
  "simpler",
  "formal",
  "friendlier",
  "grammar",
  "continue",
] as const satisfies readonly RefineAction[];

const toolButton =
  "rounded-md px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50 aria-disabled:opacity-50 dark:text-slate-100 dark:hover:bg-slate-800";

interface Chosen {
  passage: PassageRange;
  /** The selection it was read from, where the toolbar stands. */
  range: Range;
}

/**
 * The toolbar over a passage chosen in the shown text: select with the mouse, a finger or
 * the keyboard, or press Shift+F10 (or the context-menu key) in the text to choose its
 * paragraphs one by one. It reads the selection as a range of the text's Markdown and asks
 * for that passage to be rewritten in its place.
 */
export function PassageTools({
  textRef,
  text,
  enabled,
  outOfCredits,
}: {
  textRef: RefObject<HTMLDivElement | null>;
  /** The shown version's Markdown. */
  text: string;
  /** A finished AI text, not being edited or reviewed. */
  enabled: boolean;
  outOfCredits: boolean;
}) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [byKeyboard, setByKeyboard] = useState(false);
  const [asking, setAsking] = useState(false);
  const [instruction, setInstruction] = useState("");
  const [position, setPosition] = useState({ top: 0, left: 0 });
  const toolbar = useRef<HTMLDivElement>(null);
  /** A press on the toolbar may clear the selection before its click: keep the passage. */
  const pressing = useRef(false);
  /** Opened from the keyboard: focus goes into the toolbar once it shows. */
  const focusNext = useRef(false);
  const { t: m } = useMessages(passageWords);

  const close = (refocus: boolean) => {
    setChosen(null);
    setAsking(false);
    setByKeyboard(false);
    if (refocus) textRef.current?.focus({ preventScroll: true });
  };

  /** The selection, read as a passage of the text (null: none there). */
  const readSelection = (): Chosen | null => {
    const container = textRef.current;
    const selection = getSelection();
    if (!container || !selection?.rangeCount || selection.isCollapsed) return null;
    const range = selection.getRangeAt(0);
    const passage = selectedPassage(container, range, text);
    return passage && { passage, range: range.cloneRange() };
  };

  useEffect(() => {
    if (!enabled) {
      setChosen(null);
      return;
    }
    let frame = 0;
    const read = () => {
      frame = 0;
      const next = readSelection();
      if (next) return setChosen(next);
      // Pressing a button or typing an instruction moves the selection: the passage stays.
      if (pressing.current || toolbar.current?.contains(document.activeElement)) return;
      setChosen(null);
      setAsking(false);
    };
    const onChange = () => {
      frame ||= requestAnimationFrame(read);
    };
    const released = () => {
      pressing.current = false;
    };
    document.addEventListener("selectionchange", onChange);
    document.addEventListener("pointerup", released);
    document.addEventListener("pointercancel", released);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("selectionchange", onChange);
      document.removeEventListener("pointerup", released);
      document.removeEventListener("pointercancel", released);
    };
    // readSelection reads the text and its element: both are dependencies here.
  }, [enabled, text, textRef]);

  /** Keyboard: Shift+F10 or the context-menu key in the text opens the toolbar. */
  useEffect(() => {
    const container = textRef.current;
    if (!enabled || !container) return;
    let swallowMenu = false;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "ContextMenu" && !(event.shiftKey && event.key === "F10")) return;
      event.preventDefault();
      swallowMenu = true;
      focusNext.current = true;
      setByKeyboard(true);
      const next = readSelection();
      if (next) setChosen(next);
      else selectBlock(container, 0);
    };
    // The context-menu key also opens the browser's menu, after its keydown.
    const onMenu = (event: MouseEvent) => {
      if (!swallowMenu) return;
      swallowMenu = false;
      event.preventDefault();
    };
    container.addEventListener("keydown", onKey);
    container.addEventListener("contextmenu", onMenu);
    return () => {
      container.removeEventListener("keydown", onKey);
      container.removeEventListener("contextmenu", onMenu);
    };
  }, [enabled, text, textRef]);

  // Where the toolbar stands: under the passage, or over it near the window's foot.
  useLayoutEffect(() => {
    if (!chosen) return;
    const place = () => {
      const box = toolbar.current?.getBoundingClientRect();
      const rect = chosen.range.getBoundingClientRect();
      if (!box) return;
      const room = window.innerHeight - rect.bottom;
      const below = room > box.height + 12 ? rect.bottom + 6 : rect.top - box.height - 6;
      // Always in the window, even while the passage is scrolled out of it.
      const top = Math.min(Math.max(6, below), window.innerHeight - box.height - 6);
      const left = Math.min(Math.max(6, rect.left), window.innerWidth - box.width - 6);
      setPosition((was) => (was.top === top && was.left === left ? was : { top, left }));
    };
    place();
    addEventListener("scroll", place, { capture: true, passive: true });
    addEventListener("resize", place);
    return () => {
      removeEventListener("scroll", place, { capture: true });
      removeEventListener("resize", place);
    };
  }, [chosen, asking]);

  useEffect(() => {
    if (!chosen || !focusNext.current) return;
    focusNext.current = false;
    toolbar.current?.querySelector<HTMLElement>("[data-action]:not([disabled])")?.focus();
  }, [chosen]);

  if (!enabled || !chosen) return null;
  const { passage } = chosen;

  const start = (action: RefineAction, words?: string) => {
    close(false);
    getSelection()?.removeAllRanges();
    changePassage(action, passage, words);
  };
  const move = (step: number) => {
    const container = textRef.current;
    if (!container) return;
    const blocks = passageBlocks(container);
    const at = blocks.findIndex((block) => chosen.range.intersectsNode(block));
    focusNext.current = true;
    selectBlock(container, Math.min(Math.max(0, at + step), blocks.length - 1));
  };
  const price = passagePriceRange(text, passage, asking ? "instruction" : "rephrase");
  const words = instruction.trim();

  return (
    <div
      ref={toolbar}
      role="toolbar"
      aria-label={m("passage.tools")}
      data-testid="passage-tools"
      style={{ top: position.top, left: position.left }}
      className="fixed z-30 w-max max-w-[calc(100vw-0.75rem)] rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg sm:max-w-md dark:border-slate-700 dark:bg-slate-900"
      onPointerDown={(event) => {
        pressing.current = true;
        // A press on a button keeps the page's selection; the instruction box takes focus.
        if (!(event.target as HTMLElement).closest("input")) event.preventDefault();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          return close(true);
        }
        if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
        if ((event.target as HTMLElement).closest("input")) return;
        const buttons = [...event.currentTarget.querySelectorAll("button")];
        const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
        const step = event.key === "ArrowRight" ? 1 : -1;
        buttons[(at + step + buttons.length) % buttons.length]?.focus();
        event.preventDefault();
      }}
    >
      <div className="flex flex-wrap items-center gap-0.5">
        {byKeyboard && (
          <button
            type="button"
            className={toolButton}
            aria-label={m("passage.previous")}
            onClick={() => move(-1)}
          >
            ‹
          </button>
        )}
        {ACTIONS.map((action) => (
          <button
            key={action}
            type="button"
            data-action={action}
            className={toolButton}
            {...paidAction(outOfCredits, () => start(action))}
          >
            {m(`passage.${action}`)}
          </button>
        ))}
        <button
          type="button"
          className={toolButton}
          aria-expanded={asking}
          {...paidAction(outOfCredits, () => setAsking(!asking))}
        >
          {m("passage.ask")}
        </button>
        {byKeyboard && (
          <button
            type="button"
            className={toolButton}
            aria-label={m("passage.next")}
            onClick={() => move(1)}
          >
            ›
          </button>
        )}
        <button
          type="button"
          className={`${toolButton} ml-auto`}
          aria-label={m("passage.close")}
          onClick={() => close(true)}
        >
          ×
        </button>
      </div>
      {asking && (
        <form
          className="mt-1.5 flex gap-1.5 px-1"
          onSubmit={(event) => {
            event.preventDefault();
            if (words) start("instruction", words);
          }}
        >
          <label className="sr-only" htmlFor="passage-instruction">
            {m("passage.askLabel")}
          </label>
          <input
            id="passage-instruction"
            autoFocus
            maxLength={MAX_INSTRUCTION_CHARS}
            value={instruction}
            placeholder={m("passage.askPlaceholder")}
            onChange={(event) => setInstruction(event.target.value)}
            className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
          />
          <button
            type="submit"
            className={`${toolButton} border border-slate-300 dark:border-slate-600`}
            disabled={!words}
          >
            {m("passage.askSend")}
          </button>
        </form>
      )}
      <p className="px-2 pt-1 text-xs text-slate-600 dark:text-slate-400">
        {price.low === price.high
          ? m("passage.priceOne", { credits: price.low })
          : m("passage.price", price)}
      </p>
    </div>
  );
}

/** Selects a whole block of the text (a paragraph, an item): the keyboard's passage. */
function selectBlock(container: HTMLElement, index: number): void {
  const block = passageBlocks(container)[index];
  if (block) getSelection()?.selectAllChildren(block);
}
