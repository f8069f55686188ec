/** What the console's endpoints answer (DESIGN §7b), read by its islands. */

/** The writers a text's `modelUsed` names, as the console splits texts by writer. */
export const WRITERS = ["mistral-ai", "localai", "llama", "local"] as const;
export type WriterColumn = (typeof WRITERS)[number] | "stopped" | "other";
export const WRITER_COLUMNS: readonly WriterColumn[] = [...WRITERS, "stopped", "other"];

export interface DayOfTexts {
  /** YYYY-MM-DD, UTC. */
  day: string;
  /** Finished texts by writer; a stopped text is counted as stopped, whoever wrote it. */
  texts: Record<WriterColumn, number>;
  failures: number;
  refunds: number;
  refundedCredits: number;
}

export interface WeekOfCredits {
  /** Monday of the week, YYYY-MM-DD. */
  week: string;
  /** Signup, verification, weekly and guest-trial credits, and operators' grants. */
  granted: number;
  /** Spent on texts, less what was refunded. */
  spent: number;
  earnedFromAds: number;
  takenBack: number;
}

/**
 * What the local writer is doing, as the engines status and the console report it: one
 * type for the server's writer and the console's view of it.
 */
export type LocalWriterStatus =
  | { state: "off" }
  | {
      state: "downloading";
      model: string;
      percent: number | null;
      /** Bytes on disk so far, and of the whole file once the server has said. */
      receivedBytes: number;
      totalBytes: number | null;
      /** This attempt's pace; null until it has run a second. */
      bytesPerSecond: number | null;
      /** An attempt failed: why, and when the next one starts (ISO). */
      retry: { reason: string; at: string } | null;
    }
  | { state: "loading"; model: string }
  | { state: "ready"; model: string }
  /** `reason` is an operator's (the console, the log): a visitor's status has none. */
  | { state: "failed"; model: string; reason?: string }
  /** Refused at load: its context cannot hold the longest instructions and text. */
  | { state: "too-small"; model: string; contextTokens: number; neededTokens: number };

export interface LocalWriterView {
  status: LocalWriterStatus;
  queue: { running: number; waiting: number; concurrency: number; capacity: number } | null;
  recent: readonly { tokens: number; tokensPerSecond: number; finishedAt: string }[];
}

export interface AdFigure {
  id: string;
  label: string;
  impressions: number;
  completions: number;
  clicks: number;
}

export interface Overview {
  generatedAt: string;
  accounts: { total: number; verified: number; newInSevenDays: number };
  guests: {
    total: number;
    newInSevenDays: number;
    registered: number;
    texts: number;
    textsInSevenDays: number;
  };
  days: DayOfTexts[];
  weeks: WeekOfCredits[];
  writers: {
    /** Who writes the next text. */
    writer: "ai" | "template";
    ready: readonly string[];
    /** This instance's local writer. */
    local: LocalWriterView;
  };
  ads: AdFigure[];
}

export interface AccountSummary {
  id: string;
  email: string;
  name: string | null;
  emailVerified: boolean;
  credits: number;
  createdAt: string;
}

/** A text as the console lists it: what it was, never what it says. */
export interface TextMetadata {
  id: string;
  contentType: string;
  language: string;
  length: string | null;
  status: string;
  modelUsed: string | null;
  words: number;
  createdAt: string;
}

export interface ActivityRow {
  id: string;
  delta: number;
  reason: string;
  createdAt: string;
}

export interface AccountDetail {
  /** `planId`: the named plan it is on (issue 29); null: the plan in force. */
  account: AccountSummary & { verifiedAt: string | null; planId: string | null };
  /** The ledger's sum beside the balance: the two are equal (DESIGN §4). */
  ledgerSum: number;
  /** How many saved voices the account keeps: the number, never their text. */
  voices: number;
  activity: ActivityRow[];
  texts: TextMetadata[];
}

export interface OpenedText {
  id: string;
  subject: string;
  prompt: string;
  text: string | null;
  modelUsed: string | null;
  createdAt: string;
}

export interface PendingTestimonial {
  id: string;
  name: string;
  profession: string | null;
  content: string;
  rating: number;
  /** The start of the sender's address hash. */
  sender: string;
  createdAt: string;
}

export interface AuditEntry {
  id: string;
  operatorEmail: string;
  action: string;
  targetEmail: string | null;
  detail: Record<string, unknown>;
  createdAt: string;
  /** The opened text's subject, so that the audit names it rather than its id. */
  textSubject: string | null;
  /** Whose testimonial was moderated, by the name it was sent with. */
  testimonialName: string | null;
}
