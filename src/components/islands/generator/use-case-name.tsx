import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { localized } from "#i18n/wording.ts";
import { $knownUseCases } from "#generator/state/use-cases.ts";
import { loadUseCases } from "#generator/state/use-case-list.ts";
import { useMessages } from "#components/ui/use-messages.ts";

/**
 * A history text's use case by name, in the interface's language, after `before`; nothing
 * without one, or for a slug no longer listed. The list loads (once) when a name is needed.
 */
export function UseCaseName({
  slug,
  before = "",
}: {
  slug: string | null | undefined;
  before?: string;
}) {
  const { language } = useMessages();
  const useCase = useStore($knownUseCases)[slug ?? ""];
  useEffect(() => {
    if (slug && !useCase) loadUseCases().catch(() => undefined);
  }, [slug, useCase]);
  return useCase ? `${before}${localized(language, useCase.name)}` : null;
}
