import type { HistoryItem } from "#shared/schemas/generation.ts";
import { apiFetch } from "#client/http.ts";

/**
 * A kept version's text: the list's, or read on its own where the list left it out to stay
 * within its size (issue 24). Null when it cannot be read (deleted since, or offline).
 */
export async function versionText(
  item: Pick<HistoryItem, "id" | "generatedContent">,
): Promise<string | null> {
  if (item.generatedContent !== null) return item.generatedContent;
  try {
    const { ok, body } = await apiFetch<{ generatedContent?: unknown }>(
      `/api/email/text/${encodeURIComponent(item.id)}`,
    );
    return ok && typeof body.generatedContent === "string" ? body.generatedContent : null;
  } catch {
    return null;
  }
}
