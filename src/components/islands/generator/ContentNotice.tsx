import { useStore } from "@nanostores/react";
import { $writers, type WritersStatus } from "#generator/state/engines.ts";
import { $desk, shownVersion, type TextVersion } from "#generator/state/desk.ts";
import { useMessages } from "#components/ui/use-messages.ts";

/** The text shown decides; before any text, who writes the next one. */
export function noticeKind(
  version: TextVersion | null,
  writers: WritersStatus | null,
): "ai" | "template" {
  const template = version ? version.templateReason !== null : writers?.writer === "template";
  return template ? "template" : "ai";
}

/**
 * The notice under the generator: AI texts may contain mistakes; a template draft is not
 * written by AI at all, but a scaffold to fill in (decision 066).
 */
export default function ContentNotice() {
  const { t } = useMessages();
  const kind = noticeKind(shownVersion(useStore($desk)), useStore($writers));
  return (
    <p
      data-testid="content-notice"
      className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <strong>{t(`notice.${kind}.title`)}</strong> {t(`notice.${kind}.body`)}
    </p>
  );
}
