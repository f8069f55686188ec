import { useEffect, useRef, useState, type RefObject } from "react";
import type { PassageRange } from "#shared/schemas/generation.ts";
import { passageBlocks, selectedPassage } from "#generator/lib/passage-dom.ts";

export interface Chosen {
  passage: PassageRange;
  /** The selection it was read from, where the toolbar stands. */
  range: Range;
}

/**
 * The passage chosen in the shown text, for the toolbar over it: select with the mouse, a
 * finger or the keyboard, or press Shift+F10 (or the context-menu key) in the text to choose
 * its paragraphs one by one (`move`). The selection is read as a range of the text's
 * Markdown.
 */
export function usePassageChoice(
  textRef: RefObject<HTMLDivElement | null>,
  text: string,
  enabled: boolean,
) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [byKeyboard, setByKeyboard] = useState(false);
  const [asking, setAsking] = useState(false);
  const toolbar = useRef<HTMLDivElement>(null);
  /** A press on the toolbar may clear the selection before its click: keep the passage. */
  const pressing = useRef(false);
  /** Opened from the keyboard: focus goes into the toolbar once it shows. */
  const focusNext = useRef(false);

  const close = (refocus: boolean) => {
    setChosen(null);
    setAsking(false);
    setByKeyboard(false);
    if (refocus) textRef.current?.focus({ preventScroll: true });
  };

  // Turned off (editing, writing): the passage goes with it, in this render.
  const [wasEnabled, setWasEnabled] = useState(enabled);
  if (wasEnabled !== enabled) {
    setWasEnabled(enabled);
    if (!enabled) setChosen(null);
  }

  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      const next = readSelection(textRef.current, text);
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
      const next = readSelection(container, text);
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

  useEffect(() => {
    if (!chosen || !focusNext.current) return;
    focusNext.current = false;
    toolbar.current?.querySelector<HTMLElement>("[data-action]:not([disabled])")?.focus();
  }, [chosen]);

  /** The keyboard's ‹ and ›: the previous or next block of the text. */
  const move = (step: number) => {
    const container = textRef.current;
    if (!container || !chosen) return;
    const blocks = passageBlocks(container);
    const at = blocks.findIndex((block) => chosen.range.intersectsNode(block));
    focusNext.current = true;
    selectBlock(container, Math.min(Math.max(0, at + step), blocks.length - 1));
  };

  /** A press on the toolbar: the selection it may clear keeps the passage until released. */
  const press = () => {
    pressing.current = true;
  };

  return { chosen, byKeyboard, asking, setAsking, close, move, toolbar, press };
}

/** The selection, read as a passage of the text (null: none there). */
function readSelection(container: HTMLElement | null, text: string): Chosen | null {
  const selection = getSelection();
  if (!container || !selection?.rangeCount || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  const passage = selectedPassage(container, range, text);
  return passage && { passage, range: range.cloneRange() };
}

/** Selects a whole block of the text (a paragraph, an item): the keyboard's passage. */
function selectBlock(container: HTMLElement, index: number): void {
  const block = passageBlocks(container)[index];
  if (block) getSelection()?.selectAllChildren(block);
}
