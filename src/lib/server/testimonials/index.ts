import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { PublicTestimonial, TestimonialSubmission } from "#shared/schemas/testimonials.ts";
import type { Rating } from "#shared/structured-data.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { testimonials } from "#server/db/schema.ts";

const approved = eq(testimonials.status, "approved");
const pending = eq(testimonials.status, "pending");

/** Stored as `pending`; nothing is shown before a moderator approves it. */
export async function submitTestimonial(
  db: Database,
  submission: TestimonialSubmission,
  submitterAddressHash: string,
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(testimonials)
    .values({ ...submission, submitterAddressHash, status: "pending", createdAt: now })
    .returning({ id: testimonials.id });
  return row!.id;
}

export async function listApprovedTestimonials(
  db: Database,
  limit = 30,
): Promise<PublicTestimonial[]> {
  const rows = await db
    .select()
    .from(testimonials)
    .where(approved)
    .orderBy(desc(testimonials.reviewedAt))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    profession: row.profession,
    content: row.content,
    rating: row.rating,
    date: row.createdAt.toISOString(),
  }));
}

/** What the approved submissions rate the product: their count and mean; null for none. */
export async function approvedRating(db: Database): Promise<Rating | null> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      mean: sql<number | null>`avg(${testimonials.rating})::float8`,
    })
    .from(testimonials)
    .where(approved);
  return row && row.count > 0 && row.mean !== null ? { count: row.count, mean: row.mean } : null;
}

let approvals = 0;

/**
 * Approvals made by this process, so that the pages' rating (server/rated-pages.ts) is
 * read again at the next page view after one rather than within its minute.
 */
export function approvalsInThisProcess(): number {
  return approvals;
}

export async function listPendingTestimonials(db: Database) {
  return db
    .select(pendingColumns)
    .from(testimonials)
    .where(pending)
    .orderBy(asc(testimonials.createdAt));
}

const pendingColumns = {
  id: testimonials.id,
  name: testimonials.name,
  profession: testimonials.profession,
  content: testimonials.content,
  rating: testimonials.rating,
  createdAt: testimonials.createdAt,
};

/**
 * The queue as the console shows it: each submission with the start of its sender's
 * address hash, enough to see that several came from one address, and no address.
 */
export async function listPendingForReview(db: Database) {
  return db
    .select({
      ...pendingColumns,
      sender: sql<string>`left(${testimonials.submitterAddressHash}, 10)`,
    })
    .from(testimonials)
    .where(pending)
    .orderBy(asc(testimonials.createdAt));
}

/** Approves or rejects a pending submission; false when there is none with that id. */
export async function moderateTestimonial(
  db: Database | Transaction,
  id: string,
  action: "approve" | "reject",
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(testimonials)
    .set({ status: action === "approve" ? "approved" : "rejected", reviewedAt: now })
    .where(and(eq(testimonials.id, id), eq(testimonials.status, "pending")))
    .returning({ id: testimonials.id });
  if (rows.length > 0 && action === "approve") approvals += 1;
  return rows.length > 0;
}
