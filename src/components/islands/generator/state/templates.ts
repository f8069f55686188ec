import { computed } from "nanostores";
import type { Template, TemplateAnswer, TemplateList } from "#shared/api/templates.ts";
import type { TemplateFormBody } from "#shared/schemas/templates.ts";
import { apiFetch, type ApiResult } from "#client/http.ts";
import { createFetcherStore, invalidateKeys } from "#stores/query.ts";
import { $currentUser } from "#stores/user.ts";

export const TEMPLATES_KEY = "/api/templates";

/** Only a signed-in user has templates: for a guest the store asks for nothing. */
const $templatesKey = computed($currentUser, ({ data }) => (data?.user ? TEMPLATES_KEY : null));

/**
 * The signed-in user's templates (issue 28); fresh for 5 minutes, refetched after each
 * change. Only the picker and the save dialog read it: both load on first use.
 */
export const $templates = createFetcherStore<TemplateList>([$templatesKey], {
  dedupeTime: 300_000,
});

type Answer<T> = Promise<ApiResult<T>>;

async function changed<T>(answer: Answer<T>): Answer<T> {
  const result = await answer;
  if (result.ok) invalidateKeys(TEMPLATES_KEY);
  return result;
}

export function saveTemplate(name: string, form: TemplateFormBody): Answer<TemplateAnswer> {
  return changed(apiFetch<TemplateAnswer>(TEMPLATES_KEY, { json: { name, form } }));
}

export function changeTemplate(
  id: Template["id"],
  changes: { name?: string; form?: TemplateFormBody },
): Answer<TemplateAnswer> {
  return changed(
    apiFetch<TemplateAnswer>(`${TEMPLATES_KEY}/${id}`, { method: "PATCH", json: changes }),
  );
}

export function deleteTemplate(id: Template["id"]): Answer<{ success: boolean }> {
  return changed(apiFetch(`${TEMPLATES_KEY}/${id}`, { method: "DELETE" }));
}
