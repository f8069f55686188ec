import { useStore } from "@nanostores/react";
import { useState, type FormEvent } from "react";
import {
  describeLibraryFailure,
  describeLibraryFieldFailures,
  libraryFailureWords,
} from "#i18n/library-failures.ts";
import { folderWords } from "#i18n/folders.ts";
import { MAX_FOLDER_NAME_CHARS, MAX_FOLDERS } from "#shared/folders.ts";
import { $folders, makeFolder } from "#generator/state/folders.ts";
import { $voices } from "#generator/state/voices.ts";
import { showToast } from "#stores/toasts.ts";
import { buttonClass, Field } from "#components/ui/Field.tsx";
import { ModalDialog } from "#components/ui/ModalDialog.tsx";
import { useMessages } from "#components/ui/use-messages.ts";
import { FolderRow, VoiceSelect } from "./FolderRow.tsx";

/**
 * The dialog where a signed-in user makes, renames and deletes folders and sets each one's
 * voice (issue 28). Loaded on first use.
 */
export default function FolderManager({ onClose }: { onClose(): void }) {
  const { language, t } = useMessages();
  const { t: f } = useMessages(folderWords);
  const { data, error: loadError } = useStore($folders);
  const voices = useStore($voices).data?.voices ?? [];
  const folders = data?.folders ?? [];
  const limit = data?.limit ?? MAX_FOLDERS;
  const [name, setName] = useState("");
  const [voiceId, setVoiceId] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const full = folders.length >= limit;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const { ok, body } = await makeFolder({ name, voiceId: voiceId || null });
      if (ok) {
        showToast({ title: f("folders.saved"), variant: "success" });
        setName("");
        setVoiceId("");
        setNameError(undefined);
        setFailure(null);
        return;
      }
      const fields = describeLibraryFieldFailures(language, body);
      setNameError(fields.name);
      setFailure(fields.name ? null : describeLibraryFailure(language, body));
    } catch {
      setFailure(t("error.network"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <ModalDialog
      open
      wide
      onClose={onClose}
      title={f("folders.dialog.title")}
      description={<p>{f("folders.dialog.body")}</p>}
    >
      <p className="mt-4 text-sm text-slate-600 tabular-nums dark:text-slate-400">
        {f("folders.count", { count: folders.length, max: limit })}
      </p>
      {loadError ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {f("folders.loadFailed")}
        </p>
      ) : folders.length === 0 ? (
        <p className="mt-2 text-sm">{f("folders.empty")}</p>
      ) : (
        <ul
          aria-label={f("folders.dialog.title")}
          className="mt-2 max-h-[40vh] divide-y divide-slate-200 overflow-y-auto dark:divide-slate-700"
        >
          {folders.map((folder) => (
            <FolderRow key={folder.id} folder={folder} voices={voices} />
          ))}
        </ul>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 grid gap-4">
        <h3 className="font-semibold">{f("folders.newHeading")}</h3>
        <Field
          label={f("folders.name")}
          value={name}
          maxLength={MAX_FOLDER_NAME_CHARS}
          error={nameError}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="grid gap-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
          <span aria-hidden="true">{f("folders.voice")}</span>
          <VoiceSelect
            label={f("folders.voice")}
            value={voiceId}
            voices={voices}
            onChange={setVoiceId}
          />
        </div>
        {(failure || full) && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {full ? libraryFailureWords.translate(language, "failure.folderLimit") : failure}
          </p>
        )}
        <div className="flex justify-end">
          <button type="submit" disabled={saving || full} className={buttonClass}>
            {f("folders.add")}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
