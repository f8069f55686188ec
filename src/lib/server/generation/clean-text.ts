/**
 * Control characters (C0 but tab and new line, DEL, C1; carriage returns too, so CRLF
 * becomes LF) and unpaired surrogates. With the `u` flag a surrogate class matches only
 * halves without their partner.
 */
const UNWANTED = /(?![\t\n])[\p{Cc}\p{Cs}]/gu;

/**
 * A writer's text as we keep it (decision 060): PostgreSQL refuses a NUL and a lone
 * surrogate outright, and no reader wants a bell or an escape. Cleaning each piece as it
 * arrives cleans the streamed text and the saved text alike; a CRLF split across two
 * pieces still ends as one new line, since a carriage return is dropped wherever it is.
 */
export function cleanWrittenText(piece: string): string {
  return piece.replace(UNWANTED, "");
}
