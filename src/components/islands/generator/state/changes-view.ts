import { atom } from "nanostores";
import { textFieldOf } from "#shared/use-case-limits.ts";
import type { UseCaseForForm } from "#shared/use-cases.ts";
import type { DeskState, TextVersion } from "./desk.ts";

/**
 * "See what changed" (issue 26): the version whose changes the result panel shows, by its
 * id; null while the panel shows the text itself.
 */
export const $changesShown = atom<string | null>(null);

/** What a version is compared with. */
export interface ChangesBase {
  /** The older text. */
  text: string;
  /** The version before it on the desk (a refinement), or the text a tool was given. */
  from: "parent" | "input";
  /** For `parent`: its place among the desk's versions. */
  parentIndex: number | null;
}

/**
 * What `version` came from, if the desk can show it: a refinement (whole text or passage)
 * its parent version's text, a text tool's result the text it was given. A text edited by
 * hand, or a first text written from a description, has nothing to compare with.
 */
export function changesBase(
  desk: DeskState,
  version: TextVersion | null,
  useCase: UseCaseForForm | undefined,
): ChangesBase | null {
  if (!version?.generationId || version.edited || !version.text) return null;
  const parentId = version.request.refine?.parentId;
  if (parentId) {
    const parentIndex = desk.versions.findIndex((other) => other.generationId === parentId);
    const parent = desk.versions[parentIndex];
    return parent?.text ? { text: parent.text, from: "parent", parentIndex } : null;
  }
  const field = useCase && useCase.slug === version.request.useCase && textFieldOf(useCase);
  const input = field ? version.request.fields?.[field.id] : undefined;
  return input ? { text: input, from: "input", parentIndex: null } : null;
}

/** Opens the changes view on the shown version. */
export function showChanges(generationId: string): void {
  $changesShown.set(generationId);
}

export function closeChanges(): void {
  $changesShown.set(null);
}

/** Tools whose results opened on their changes already: closed once, they stay closed. */
const openedOnChanges = new Set<string>();

/**
 * A tool whose changes are the product (Fix grammar: `opensOnChanges`) opens its result on
 * them, once.
 */
export function openOnChanges(
  version: TextVersion | null,
  base: ChangesBase | null,
  useCase: UseCaseForForm | undefined,
): void {
  const id = version?.generationId;
  if (!id || base?.from !== "input" || !useCase?.opensOnChanges || openedOnChanges.has(id)) return;
  openedOnChanges.add(id);
  showChanges(id);
}
