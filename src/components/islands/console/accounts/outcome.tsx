import { apiFetch } from "#client/http.ts";
import { storedLanguage } from "#client/chosen-language.ts";
import { consoleWords } from "#i18n/console.ts";

/** An action's outcome, announced: a status when it worked, an alert when it did not. */
export type Outcome = { ok: boolean; message: string } | null;

export function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return <p role="status" className="sr-only" />;
  return (
    <p
      role={outcome.ok ? "status" : "alert"}
      className={`mt-2 text-sm ${outcome.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}
    >
      {outcome.message}
    </p>
  );
}

/** Posts one operator action; its outcome is the server's message, or why it failed. */
export async function postAction(
  path: string,
  json: unknown,
): Promise<{ ok: boolean; message: string }> {
  try {
    const { ok, body } = await apiFetch<{ credits?: number }>(path, { json });
    return {
      ok,
      message: body.message ?? (ok ? "" : consoleWords.translate(storedLanguage(), "loadFailed")),
    };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}
