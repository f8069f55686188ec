import { useState } from "react";
import { contentTypeName, languageOption } from "#i18n/wording.ts";
import {
  CONTENT_TYPES,
  LANGUAGES,
  LENGTHS,
  TONES,
  type Length,
  type Tone,
} from "#shared/generation.ts";
import { setLanguage } from "#stores/preferences.ts";
import { SelectField } from "#components/ui/Field.tsx";
import { useMessages } from "#components/ui/use-messages.ts";
import { DeskFolderSlot } from "./DeskFolderSlot.tsx";
import { VoicePicker } from "./VoicePicker.tsx";

/**
 * Language, content type, tone, length and (signed in) a saved voice. Phones fold them under "More options", and
 * unfold them when one is refused.
 */
export function GeneratorOptions({
  contentType,
  tone,
  length,
  onContentTypeChange,
  onToneChange,
  onLengthChange,
  voiceId,
  onVoiceChange,
  invalid,
  contentTypeFixed = false,
  lengthShown = true,
}: {
  contentType: string;
  tone: Tone;
  length: Length | "";
  onContentTypeChange(value: string): void;
  onToneChange(value: Tone): void;
  onLengthChange(value: Length | ""): void;
  /** A signed-in user's chosen voice, or "" for none. */
  voiceId: string;
  onVoiceChange(value: string): void;
  /** The select the form refused, if any. */
  invalid: "language" | "contentType" | null;
  /** A use case is chosen: it says what type of text it writes. */
  contentTypeFixed?: boolean;
  /** A text tool's length is its own (issue 26): no length to choose. */
  lengthShown?: boolean;
}) {
  const { language, t } = useMessages();
  const [optionsOpen, setOptionsOpen] = useState(false);
  return (
    <div className="order-2 sm:order-1">
      <DeskFolderSlot />
      <button
        type="button"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 sm:hidden dark:text-brand-100"
        aria-expanded={optionsOpen}
        aria-controls="generator-options"
        onClick={() => setOptionsOpen(!optionsOpen)}
      >
        <span aria-hidden="true">{optionsOpen ? "▾" : "▸"}</span>
        {t("desk.moreOptions")}
      </button>
      <div
        id="generator-options"
        className={`${optionsOpen || invalid !== null ? "grid" : "hidden"} mt-3 gap-4 sm:mt-0 sm:grid sm:grid-cols-2`}
      >
        <SelectField
          id="generator-language"
          label={t("generator.language")}
          value={language}
          onChange={setLanguage}
          options={LANGUAGES.map((option) => ({
            value: option.id,
            label: languageOption(language, option.id),
          }))}
          invalid={invalid === "language"}
        />
        <SelectField
          id="generator-type"
          label={t("generator.contentType")}
          value={contentType}
          onChange={onContentTypeChange}
          options={CONTENT_TYPES.map((option) => ({
            value: option.id,
            label: contentTypeName(language, option.id),
          }))}
          invalid={invalid === "contentType"}
          disabled={contentTypeFixed}
        />
        <SelectField
          id="generator-tone"
          label={t("generator.tone")}
          value={tone}
          onChange={(value) => onToneChange(value as Tone)}
          options={TONES.map((option) => ({ value: option, label: t(`tone.${option}`) }))}
        />
        {lengthShown && (
          <SelectField
            id="generator-length"
            label={t("generator.length")}
            value={length}
            onChange={(value) => onLengthChange(value as Length | "")}
            options={[
              { value: "", label: t("length.auto") },
              ...LENGTHS.map((option) => ({ value: option, label: t(`length.${option}`) })),
            ]}
          />
        )}
        <VoicePicker voiceId={voiceId} onVoiceChange={onVoiceChange} />
      </div>
    </div>
  );
}
