import { useState, type FormEvent } from "react";
import { describeLibraryFailure, describeLibraryFieldFailures } from "#i18n/library-failures.ts";
import { folderWords } from "#i18n/folders.ts";
import type { Folder } from "#shared/api/folders.ts";
import type { Voice } from "#shared/api/voices.ts";
import { MAX_FOLDER_NAME_CHARS } from "#shared/folders.ts";
import { changeFolder, removeFolder } from "#generator/state/folders.ts";
import { $historyFilters, changeHistoryFilters } from "#generator/state/history.ts";
import { showToast } from "#stores/toasts.ts";
import { useMessages } from "#components/ui/use-messages.ts";

export const smallButton =
  "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";
export const smallControl =
  "min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-white";

/** The voice a folder's new texts are written in: none, or one of the account's voices. */
export function VoiceSelect({
  label,
  value,
  voices,
  onChange,
}: {
  label: string;
  value: string;
  voices: Voice[];
  onChange(value: string): void;
}) {
  const { t } = useMessages(folderWords);
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={smallControl}
    >
      <option value="">{t("folders.noVoice")}</option>
      {voices.map((voice) => (
        <option key={voice.id} value={voice.id}>
          {voice.name}
        </option>
      ))}
    </select>
  );
}

/** One folder in the dialog: its name (renamed in place), its voice, and Delete. */
export function FolderRow({ folder, voices }: { folder: Folder; voices: Voice[] }) {
  const { language, t } = useMessages();
  const { t: f, plural } = useMessages(folderWords);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function change(changes: { name?: string; voiceId?: string | null }): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    try {
      const { ok, body } = await changeFolder(folder.id, changes);
      if (ok) {
        setError(null);
        showToast({ title: f("folders.saved"), variant: "success" });
        return true;
      }
      setError(
        describeLibraryFieldFailures(language, body).name ?? describeLibraryFailure(language, body),
      );
    } catch {
      setError(t("error.network"));
    } finally {
      setBusy(false);
    }
    return false;
  }

  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (renaming !== null && (await change({ name: renaming }))) setRenaming(null);
  }

  async function remove() {
    // A history filtered by this folder shows every text instead: the folder is going.
    if ($historyFilters.get().folder === folder.id) changeHistoryFilters({ folder: "" });
    try {
      const { ok, body } = await removeFolder(folder.id);
      showToast(
        ok
          ? { title: f("folders.deleted"), variant: "success" }
          : {
              title: t("common.error"),
              description: describeLibraryFailure(language, body),
              variant: "error",
            },
      );
    } catch {
      showToast({ title: t("common.error"), description: t("error.network"), variant: "error" });
    }
  }

  const errorId = `folder-${folder.id}-error`;
  return (
    <li className="grid gap-2 py-3" data-folder={folder.id}>
      {renaming === null ? (
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span id={`folder-${folder.id}`} className="font-medium break-words">
            {folder.name}
          </span>
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {plural("folders.texts", folder.texts)}
          </span>
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void rename(event)} className="flex gap-2">
          <input
            aria-label={f("folders.nameOf", { name: folder.name })}
            value={renaming}
            maxLength={MAX_FOLDER_NAME_CHARS}
            onChange={(event) => setRenaming(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            dir="auto"
            id={`folder-${folder.id}-name`}
            className={`${smallControl} flex-1`}
          />
          <button type="submit" className={smallButton} disabled={busy}>
            {f("folders.save")}
          </button>
          <button type="button" className={smallButton} onClick={() => setRenaming(null)}>
            {t("common.cancel")}
          </button>
        </form>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <VoiceSelect
          label={f("folders.voiceOf", { name: folder.name })}
          value={folder.voiceId ?? ""}
          voices={voices}
          onChange={(voiceId) => void change({ voiceId: voiceId || null })}
        />
        {renaming === null && (
          <button
            type="button"
            className={smallButton}
            aria-describedby={`folder-${folder.id}`}
            onClick={() => {
              setRenaming(folder.name);
              setError(null);
              // The person goes on in the name's box, shown on the next frame.
              requestAnimationFrame(() =>
                document.getElementById(`folder-${folder.id}-name`)?.focus(),
              );
            }}
          >
            {f("folders.rename")}
          </button>
        )}
        <button
          type="button"
          className={smallButton}
          aria-describedby={`folder-${folder.id}`}
          onClick={() => void remove()}
        >
          {f("folders.remove")}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </li>
  );
}
