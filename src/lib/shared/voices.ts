/**
 * Saved voices (issue 42, DESIGN §5): a signed-in user keeps a few descriptions of how
 * they write and/or samples of their writing, and picks one for a text.
 */
export const MAX_VOICES = 10;
export const MAX_VOICE_NAME_CHARS = 60;
/** The most characters of a voice's description, and of its sample. */
export const MAX_VOICE_TEXT_CHARS = 1500;
