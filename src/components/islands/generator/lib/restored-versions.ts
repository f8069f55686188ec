import type { Tone } from "#shared/generation.ts";
import type { GenerationRequestBody, HistoryItem } from "#shared/schemas/generation.ts";
import type { DeskState, TextVersion } from "#generator/state/desk.ts";
import { DESK_MEMORY_KEY, type DeskMemory } from "./desk-memory.ts";

/** Who is at the desk, as the memory names them. */
export function deskOwner(user: { id: string } | null | undefined): string {
  return user ? `user:${user.id}` : "guest";
}

/** What to remember of the desk; null while it holds no kept text. */
export function memoryOf(desk: DeskState, who: string): DeskMemory | null {
  const ids = desk.versions.flatMap((version) => version.generationId ?? []);
  const writing = desk.busy ? desk.writing?.generationId : null;
  if (writing) ids.push(writing);
  if (ids.length === 0) return null;
  const shown = writing ?? desk.versions[desk.shown]?.generationId ?? null;
  return { who, ids, shown };
}

/** A kept text as the panel holds it: what was asked, and what was written. */
export function versionOf(item: HistoryItem, text: string): TextVersion {
  const refinement = item.refinement === "edited" ? null : item.refinement;
  const request: GenerationRequestBody = {
    content: item.content,
    contentType: item.contentType as GenerationRequestBody["contentType"],
    language: item.language as GenerationRequestBody["language"],
    tone: item.tone as Tone,
    ...(item.length ? { length: item.length as GenerationRequestBody["length"] } : {}),
    variant: item.variant,
    ...(item.useCase ? { useCase: item.useCase, fields: item.fields ?? {} } : {}),
    ...(item.voiceId ? { voiceId: item.voiceId } : {}),
    ...(item.parentId && refinement
      ? {
          refine: {
            parentId: item.parentId,
            action: refinement,
            ...(item.instruction ? { instruction: item.instruction } : {}),
            ...(item.passage ? { passage: item.passage } : {}),
          },
        }
      : {}),
  };
  return {
    request,
    generationId: item.id,
    subject: item.subject,
    text,
    modelUsed: item.modelUsed,
    modelName: null,
    templateReason: null,
    stopped: null,
    edited: item.refinement === "edited",
  };
}

/**
 * The remembered versions among the person's texts (each with its refinements), oldest
 * first as the panel showed them, and which to show; null when none of them is left. A
 * version the list carried without its text is read with `readText`; one that cannot be
 * read is left out.
 */
export async function restoredVersions(
  items: HistoryItem[],
  memory: DeskMemory,
  readText: (item: HistoryItem) => Promise<string | null>,
): Promise<{ versions: TextVersion[]; shown: number } | null> {
  const wanted = new Set(memory.ids);
  const remembered = items
    .flatMap((item) => [
      item,
      // A version listed without fields has its text's.
      ...item.refinements.map((version) => ({ ...version, fields: version.fields ?? item.fields })),
    ])
    .filter((item) => memory.whole || wanted.has(item.id))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const texts = await Promise.all(
    remembered.map((item) =>
      item.generatedContent !== null ? item.generatedContent : readText(item),
    ),
  );
  const kept = remembered.flatMap((item, index) => {
    const text = texts[index];
    return text === null || text === undefined ? [] : [versionOf(item, text)];
  });
  if (kept.length === 0) return null;
  const shown = kept.findIndex((version) => version.generationId === memory.shown);
  return { versions: kept, shown: shown >= 0 ? shown : kept.length - 1 };
}

/** A memory read back: anything not of that shape is no memory. */
export function parseMemory(raw: string | null): DeskMemory | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<DeskMemory>;
    if (typeof value.who !== "string" || !Array.isArray(value.ids)) return null;
    const ids = value.ids.filter((id): id is string => typeof id === "string");
    const shown = typeof value.shown === "string" ? value.shown : null;
    if (value.whole === true && shown) return { who: value.who, ids: [], shown, whole: true };
    if (ids.length === 0) return null;
    return { who: value.who, ids, shown };
  } catch {
    return null;
  }
}

export function readDeskMemory(): DeskMemory | null {
  try {
    return parseMemory(sessionStorage.getItem(DESK_MEMORY_KEY));
  } catch {
    return null;
  }
}

export function writeDeskMemory(memory: DeskMemory | null): void {
  try {
    if (memory) sessionStorage.setItem(DESK_MEMORY_KEY, JSON.stringify(memory));
    else sessionStorage.removeItem(DESK_MEMORY_KEY);
  } catch {
    // Storage refused (private mode): a reload starts with an empty panel.
  }
}
