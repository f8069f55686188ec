import { useStore } from "@nanostores/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { $currentUser } from "#stores/user.ts";
import { $voices } from "#generator/state/voices.ts";
import { SelectField } from "#components/ui/Field.tsx";
import { useMessages } from "#components/ui/use-messages.ts";

/** Managing voices is rare: its code loads on first use, outside the home page's budget. */
const VoiceManager = lazy(() => import("./VoiceManager.tsx"));

/**
 * A signed-in user's saved voices (issue 42): "None" or one of them for the next text, and
 * a way to add, change and delete them. A guest sees nothing.
 */
export function VoicePicker({
  voiceId,
  onVoiceChange,
}: {
  /** The chosen voice's id, or "" for none. */
  voiceId: string;
  onVoiceChange(value: string): void;
}) {
  const { t } = useMessages();
  const signedIn = Boolean(useStore($currentUser).data?.user);
  const { data } = useStore($voices);
  const [managing, setManaging] = useState(false);
  const voices = data?.voices ?? [];

  // A chosen voice that was deleted (here or in another tab) is chosen no longer.
  useEffect(() => {
    if (voiceId && data && !data.voices.some((voice) => voice.id === voiceId)) onVoiceChange("");
  }, [data, voiceId, onVoiceChange]);

  if (!signedIn) return null;
  return (
    <div className="grid content-start gap-1.5">
      <SelectField
        id="generator-voice"
        label={t("voice.label")}
        value={voiceId}
        onChange={onVoiceChange}
        options={[
          { value: "", label: t("voice.none") },
          ...voices.map((voice) => ({ value: voice.id, label: voice.name })),
        ]}
      />
      <button
        type="button"
        onClick={() => setManaging(true)}
        className="justify-self-start text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
      >
        {t("voice.manage")}
      </button>
      {/* Outside the generator's <form>: the dialog has a form of its own. */}
      {managing &&
        createPortal(
          <Suspense fallback={null}>
            <VoiceManager onClose={() => setManaging(false)} />
          </Suspense>,
          document.body,
        )}
    </div>
  );
}
