/** GET /api/credits/activity: one row of the credit ledger, newest first. */
export interface CreditActivityEntry {
  id: string;
  delta: number;
  reason: string;
  subject: string | null;
  /** A stopped text's refund: the words that reached the client, and what they cost. */
  stoppedWords: number | null;
  charged: number | null;
  /** A stopped text that its writer ended (a failure or a stall), not the client's Stop. */
  stoppedByWriter: boolean;
  /** What a text's credits paid for: a refinement's action ("edited" is free), a variant. */
  refinement: string | null;
  variant: number | null;
  language: string | null;
  createdAt: string;
}
