import { useStore } from "@nanostores/react";
import { useId, useState, type FormEvent } from "react";
import { describeFailure, describeFieldFailures } from "#i18n/wording.ts";
import { voiceWords } from "#i18n/voices.ts";
import type { Voice } from "#shared/api/voices.ts";
import { MAX_VOICE_NAME_CHARS, MAX_VOICE_TEXT_CHARS, MAX_VOICES } from "#shared/voices.ts";
import { $voices, changeVoice, deleteVoice, saveVoice } from "#generator/state/voices.ts";
import { showToast } from "#stores/toasts.ts";
import { buttonClass, Field } from "#components/ui/Field.tsx";
import { ModalDialog } from "#components/ui/ModalDialog.tsx";
import { useMessages } from "#components/ui/use-messages.ts";
import { smallButton, VoiceRow } from "./VoiceRow.tsx";

const EMPTY = { name: "", description: "", sample: "" };
type Draft = typeof EMPTY;

/** A labelled text box with its count of characters, its hint and its error. */
function TextBox({
  label,
  hint,
  value,
  error,
  onChange,
}: {
  label: string;
  hint?: string;
  value: string;
  error?: string;
  onChange(value: string): void;
}) {
  const { t } = useMessages();
  const id = useId();
  const described = [hint && `${id}-hint`, `${id}-count`, error && `${id}-error`]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <textarea
        id={id}
        rows={4}
        dir="auto"
        maxLength={MAX_VOICE_TEXT_CHARS}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-white"
      />
      <div className="flex justify-between gap-2 text-xs text-slate-600 dark:text-slate-400">
        {hint && <span id={`${id}-hint`}>{hint}</span>}
        <span id={`${id}-count`} className="ml-auto tabular-nums">
          {t("generator.count", { count: value.length, max: MAX_VOICE_TEXT_CHARS })}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The dialog where a signed-in user adds, changes and deletes their voices (issue 42). It
 * is loaded on first use, so the home page does not carry it.
 */
export default function VoiceManager({ onClose }: { onClose(): void }) {
  const { language, t } = useMessages();
  const { t: v } = useMessages(voiceWords);
  const { data, error: loadError } = useStore($voices);
  const voices = data?.voices ?? [];
  const limit = data?.limit ?? MAX_VOICES;
  const [editing, setEditing] = useState<Voice | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const full = !editing && voices.length >= limit;

  function edit(voice: Voice | null) {
    setEditing(voice);
    setDraft(
      voice ? { name: voice.name, description: voice.description, sample: voice.sample } : EMPTY,
    );
    setErrors({});
    setFailure(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // React hands a portal's events to its tree's parents: the generator's form is one.
    event.stopPropagation();
    if (saving) return;
    setSaving(true);
    try {
      const { ok, body } = editing ? await changeVoice(editing.id, draft) : await saveVoice(draft);
      if (ok) {
        showToast({ title: v("voice.saved"), variant: "success" });
        edit(null);
        return;
      }
      setErrors(describeFieldFailures(language, body));
      setFailure(describeFailure(language, body));
    } catch {
      setFailure(t("error.network"));
    } finally {
      setSaving(false);
    }
  }

  async function remove(voice: Voice) {
    try {
      const { ok, body } = await deleteVoice(voice.id);
      if (ok) {
        showToast({ title: v("voice.deleted"), variant: "success" });
        if (editing?.id === voice.id) edit(null);
      } else {
        const description = describeFailure(language, body);
        showToast({ title: t("common.error"), description, variant: "error" });
      }
    } catch {
      showToast({ title: t("common.error"), description: t("error.network"), variant: "error" });
    }
  }

  return (
    <ModalDialog
      open
      wide
      onClose={onClose}
      title={v("voice.dialog.title")}
      description={<p>{v("voice.dialog.body")}</p>}
    >
      <p className="mt-4 text-sm text-slate-600 tabular-nums dark:text-slate-400">
        {v("voice.count", { count: voices.length, max: limit })}
      </p>
      {loadError ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {v("voice.loadFailed")}
        </p>
      ) : voices.length === 0 ? (
        <p className="mt-2 text-sm">{v("voice.empty")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
          {voices.map((voice) => (
            <VoiceRow
              key={voice.id}
              voice={voice}
              onEdit={() => edit(voice)}
              onRemove={() => void remove(voice)}
            />
          ))}
        </ul>
      )}
      <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-4">
        <h3 className="font-semibold">
          {editing ? v("voice.editHeading", { name: editing.name }) : v("voice.newHeading")}
        </h3>
        <Field
          label={v("voice.name")}
          value={draft.name}
          maxLength={MAX_VOICE_NAME_CHARS}
          error={errors.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
        <TextBox
          label={v("voice.description")}
          hint={v("voice.descriptionHint")}
          value={draft.description}
          error={errors.description}
          onChange={(description) => setDraft({ ...draft, description })}
        />
        <TextBox
          label={v("voice.sample")}
          value={draft.sample}
          error={errors.sample}
          onChange={(sample) => setDraft({ ...draft, sample })}
        />
        {(failure || full) && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {full ? t("failure.voiceLimit") : failure}
          </p>
        )}
        <div className="flex justify-end gap-3">
          {editing && (
            <button type="button" className={smallButton} onClick={() => edit(null)}>
              {t("common.cancel")}
            </button>
          )}
          <button type="submit" disabled={saving || full} className={buttonClass}>
            {editing ? v("voice.update") : v("voice.add")}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
