/**
 * Spec §5: the subject is the text after "about", "regarding", "subject:" (or their
 * Turkish and German forms) up to the first period or line end; otherwise the first six
 * words, with "..." when there were more.
 */
const MARKERS = [
  // English
  "subject:",
  "regarding",
  "about",
  // Turkish
  "konu:",
  "hakkında",
  "ilgili",
  // German
  "betreff:",
  "bezüglich",
  "über",
];

const MAX_SUBJECT_CHARS = 200;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A marker as a whole word: "about" but not "roundabout"; a colon marker is its own end. */
const MARKER_PATTERN = new RegExp(
  `(?:^|[\\s,;(])(${MARKERS.map(escapeRegExp).join("|")})(?=\\s|$|[:,])`,
  "iu",
);

export function deriveSubject(prompt: string): string {
  const text = prompt.trim();
  if (!text) return "";

  const match = MARKER_PATTERN.exec(text);
  if (match) {
    const marker = match[1]!.toLowerCase();
    const afterIndex = match.index + match[0].length;
    let rest = text.slice(afterIndex).replace(/^[\s:]+/, "");
    // Turkish puts "hakkında"/"ilgili" after its object: "toplantı hakkında" = "about the meeting".
    if (marker === "hakkında" || marker === "ilgili") {
      const before = text.slice(0, match.index).split(/[.\n]/).pop()!.trim();
      rest = before;
    }
    const subject = rest.split(/[.\n\r]/)[0]!.trim();
    if (subject) return subject.slice(0, MAX_SUBJECT_CHARS);
  }

  const words = text.split(/\s+/).filter(Boolean);
  const first = words.slice(0, 6).join(" ");
  return (words.length > 6 ? `${first}...` : first).slice(0, MAX_SUBJECT_CHARS);
}
