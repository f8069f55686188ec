import { useEffect, useState, type FormEvent } from "react";
import { apiFetch } from "#client/http.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { apiKeyWords, describeApiKeyFailure, type ApiKeyWordKey } from "#i18n/api-keys.ts";
import { historyButton } from "#generator/history/history-button.ts";
import type { ApiKey, ApiKeyList, NewApiKeyAnswer } from "#shared/api/api-keys.ts";
import type { FailedAnswer } from "#shared/api/failures.ts";
import { MAX_API_KEY_NAME_CHARS, isApiKeyFailureReason } from "#shared/api-keys.ts";
import { formatDateTime, formatDay } from "#shared/format.ts";
import { languageTag } from "#shared/generation.ts";
import { newApiKeySchema } from "#shared/schemas/api-keys.ts";
import { NewApiKey } from "./NewApiKey.tsx";

/** A note under the list: one of the section's own, or a failed answer's words. */
type Note = { key: ApiKeyWordKey } | { failure: FailedAnswer };

/**
 * The profile's API keys (issue 29): make a named key (shown once, NewApiKey.tsx), see
 * each by its name, prefix and last use, revoke it. Only a verified account makes keys.
 */
export default function ApiKeys({ verified }: { verified: boolean }) {
  const { t, language } = useMessages(apiKeyWords);
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [note, setNote] = useState<Note | null>(null);

  useEffect(() => {
    let cancelled = false;
    apiFetch<ApiKeyList>("/api/keys")
      .then(({ ok, body }) => {
        if (cancelled) return;
        if (ok) setKeys(body.keys);
        else setNote({ key: "apiKeys.listLoadFailed" });
      })
      .catch(() => !cancelled && setNote({ key: "apiKeys.listLoadFailed" }));
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  async function create(event: FormEvent) {
    event.preventDefault();
    const parsed = newApiKeySchema.safeParse({ name });
    if (!parsed.success) {
      const reason = parsed.error.issues[0]?.message;
      setNameError(t(isApiKeyFailureReason(reason) ? `failure.${reason}` : "apiKeys.createFailed"));
      return;
    }
    setNameError(null);
    setNote(null);
    setCreating(true);
    try {
      const answer = await apiFetch<NewApiKeyAnswer>("/api/keys", { json: parsed.data });
      if (answer.ok) {
        const { key, secret } = answer.body;
        setMade({ name: key.name, secret });
        setKeys((kept) => [key, ...(kept ?? [])]);
        setName("");
      } else {
        const failed = answer.body as FailedAnswer;
        if (failed.fieldErrors?.name) setNameError(describeApiKeyFailure(language, failed));
        else setNote({ failure: failed });
      }
    } catch {
      setNote({ key: "apiKeys.createFailed" });
    } finally {
      setCreating(false);
    }
  }

  async function revoke(key: ApiKey) {
    setRevoking(key.id);
    try {
      const { ok, status } = await apiFetch(`/api/keys/${key.id}`, { method: "DELETE" });
      // Revoked already (another tab): gone from the list too.
      if (ok || status === 404) {
        setKeys((kept) => kept?.filter((other) => other.id !== key.id) ?? null);
        setNote({ key: "apiKeys.revoked" });
      } else setNote({ key: "apiKeys.revokeFailed" });
    } catch {
      setNote({ key: "apiKeys.revokeFailed" });
    } finally {
      setRevoking(null);
    }
  }

  const locale = languageTag(language);
  return (
    <div className="mt-2">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("apiKeys.intro")}</p>
      {!verified ? (
        <p className="mt-4 text-sm font-medium text-slate-900 dark:text-white">
          {t("apiKeys.verifyFirst")}
        </p>
      ) : (
        <form onSubmit={(event) => void create(event)} noValidate className="mt-4">
          <label htmlFor="api-key-name" className="block text-sm font-medium">
            {t("apiKeys.nameLabel")}
          </label>
          <div className="mt-1 flex flex-wrap gap-2">
            <input
              id="api-key-name"
              value={name}
              maxLength={MAX_API_KEY_NAME_CHARS + 20}
              autoComplete="off"
              aria-invalid={nameError !== null}
              aria-describedby={nameError ? "api-key-name-error" : undefined}
              onChange={(event) => setName(event.target.value)}
              className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
            />
            <button type="submit" className={historyButton} disabled={creating}>
              {creating ? t("apiKeys.creating") : t("apiKeys.create")}
            </button>
          </div>
          {nameError && (
            <p id="api-key-name-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
              {nameError}
            </p>
          )}
        </form>
      )}
      {made && <NewApiKey name={made.name} secret={made.secret} onDone={() => setMade(null)} />}
      {keys && keys.length === 0 && (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t("apiKeys.listEmpty")}</p>
      )}
      {keys && keys.length > 0 && (
        <ul
          aria-label={t("apiKeys.heading")}
          className="mt-4 divide-y divide-slate-200 dark:divide-slate-800"
        >
          {keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
              <div className="mr-auto min-w-0">
                <p className="font-medium break-words text-slate-900 dark:text-white">{key.name}</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  <code>{key.prefix}…</code> ·{" "}
                  {t("apiKeys.createdOn", { date: formatDay(key.createdAt, locale) })} ·{" "}
                  {key.lastUsedAt
                    ? t("apiKeys.lastUsed", { date: formatDateTime(key.lastUsedAt, locale) })
                    : t("apiKeys.neverUsed")}
                </p>
              </div>
              <button
                type="button"
                className={historyButton}
                disabled={revoking === key.id}
                aria-label={t("apiKeys.revokeLabel", { name: key.name })}
                onClick={() => void revoke(key)}
              >
                {t("apiKeys.revoke")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {note && ("key" in note ? t(note.key) : describeApiKeyFailure(language, note.failure))}
        {note && "key" in note && note.key === "apiKeys.listLoadFailed" && (
          <button
            type="button"
            className={`${historyButton} ml-3`}
            onClick={() => setAttempt(attempt + 1)}
          >
            {t("apiKeys.retry")}
          </button>
        )}
      </p>
    </div>
  );
}
