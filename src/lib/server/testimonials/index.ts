import { and, asc, desc, eq } from "drizzle-orm";
import type { PublicTestimonial, TestimonialSubmission } from "#shared/schemas/testimonials.ts";
import type { Database } from "#server/db/index.ts";
import { testimonials } from "#server/db/schema.ts";

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
    .where(eq(testimonials.status, "approved"))
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

export async function listPendingTestimonials(db: Database) {
  return db
    .select({
      id: testimonials.id,
      name: testimonials.name,
      profession: testimonials.profession,
      content: testimonials.content,
      rating: testimonials.rating,
      createdAt: testimonials.createdAt,
    })
    .from(testimonials)
    .where(eq(testimonials.status, "pending"))
    .orderBy(asc(testimonials.createdAt));
}

/** Approves or rejects a pending submission; false when there is none with that id. */
export async function moderateTestimonial(
  db: Database,
  id: string,
  action: "approve" | "reject",
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(testimonials)
    .set({ status: action === "approve" ? "approved" : "rejected", reviewedAt: now })
    .where(and(eq(testimonials.id, id), eq(testimonials.status, "pending")))
    .returning({ id: testimonials.id });
  return rows.length > 0;
}
