import { useEffect, useRef, useState } from "react";
import { voiceWords } from "#i18n/voices.ts";
import type { Voice } from "#shared/api/voices.ts";
import { useMessages } from "#components/ui/use-messages.ts";

export const smallButton =
  "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";

/**
 * One saved voice in the voice dialog: its name and words, Change and Delete. A voice is
 * deleted only once Delete is confirmed in its row (issue 30); Cancel gives focus back to
 * Delete.
 */
export function VoiceRow({
  voice,
  onEdit,
  onRemove,
}: {
  voice: Voice;
  onEdit(): void;
  onRemove(): void;
}) {
  const { t } = useMessages();
  const { t: v } = useMessages(voiceWords);
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const yesButton = useRef<HTMLButtonElement>(null);
  // The question takes the focus from the Delete it replaces.
  useEffect(() => {
    if (confirming) yesButton.current?.focus();
  }, [confirming]);
  const question = v("voice.confirmRemove", { name: voice.name });

  return (
    <li className="flex flex-wrap items-center gap-3 py-2">
      <div className="min-w-0 flex-1">
        <p id={`voice-${voice.id}`} className="truncate font-medium">
          {voice.name}
        </p>
        <p className="truncate text-xs text-slate-600 dark:text-slate-400">
          {voice.description || voice.sample}
        </p>
      </div>
      {confirming ? (
        <div role="group" aria-label={question} className="basis-full">
          <p className="text-sm font-medium">{question}</p>
          <div className="mt-1 flex gap-2">
            <button
              type="button"
              ref={yesButton}
              className={smallButton}
              onClick={() => {
                setConfirming(false);
                onRemove();
              }}
            >
              {v("voice.confirmYes")}
            </button>
            <button
              type="button"
              className={smallButton}
              onClick={() => {
                setConfirming(false);
                requestAnimationFrame(() => deleteButton.current?.focus());
              }}
            >
              {t("common.cancel")}
            </button>
          </div>
        </div>
      ) : (
        <>
          <button
            type="button"
            className={smallButton}
            aria-describedby={`voice-${voice.id}`}
            onClick={onEdit}
          >
            {v("voice.change")}
          </button>
          <button
            ref={deleteButton}
            type="button"
            className={smallButton}
            aria-describedby={`voice-${voice.id}`}
            onClick={() => setConfirming(true)}
          >
            {v("voice.remove")}
          </button>
        </>
      )}
    </li>
  );
}
