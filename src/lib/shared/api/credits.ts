/** GET /api/credits/activity: one row of the credit ledger, newest first. */
export interface CreditActivityEntry {
  id: string;
  delta: number;
  reason: string;
  subject: string | null;
  /** A stopped text's refund: the words that reached the client. */
  stoppedWords: number | null;
  /**
   * What a text priced by what it wrote cost (decisions 056, 089): a stopped text, a
   * passage change; null for a text at the whole price.
   */
  charged: number | null;
  /** A stopped text that its writer ended (a failure or a stall), not the client's Stop. */
  stoppedByWriter: boolean;
  /** What a text's credits paid for: a refinement's action ("edited" is free), a variant. */
  refinement: string | null;
  /** An `instruction` refinement's words ("Asked: …"). */
  instruction: string | null;
  /** A passage change: the range of its parent's text it replaced. */
  passage: { start: number; end: number } | null;
  variant: number | null;
  language: string | null;
  /** The name of the API key that asked for the text (issue 29); null for the web's. */
  apiKey: string | null;
  createdAt: string;
}
