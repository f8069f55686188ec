import { sql } from "drizzle-orm";
import {
  WRITER_COLUMNS,
  WRITERS,
  type DayOfTexts,
  type Overview,
  type WeekOfCredits,
  type WriterColumn,
} from "#shared/console.ts";
import { adFigures } from "#server/ads/figures.ts";
import { DAY_MS } from "#server/clock.ts";
import { startOfUtcDay, weekKey } from "#server/credits/allowances.ts";
import { rowsOf, type Database } from "#server/db/index.ts";
import { creditLedger, guests, textRecords, users } from "#server/db/schema.ts";
import { localWriterFigures, writersStatus } from "#server/generation/writers/registry.ts";

/** The figures an operator checks each morning (issue 27, item 2), in UTC days and weeks. */

export const OVERVIEW_DAYS = 30;
export const OVERVIEW_WEEKS = 12;

const GRANTED = new Set([
  "signup_grant",
  "verification_top_up",
  "weekly_grant",
  "guest_trial",
  "operator_grant",
]);

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A moment as a query parameter: a timestamp on both the embedded database and a server. */
function at(date: Date) {
  return sql`${date.toISOString()}::timestamptz`;
}

function emptyDay(day: string): DayOfTexts {
  const texts = Object.fromEntries(WRITER_COLUMNS.map((writer) => [writer, 0])) as Record<
    WriterColumn,
    number
  >;
  return { day, texts, failures: 0, refunds: 0, refundedCredits: 0 };
}

function writerColumn(modelUsed: string | null): WriterColumn {
  if (modelUsed === "stopped") return "stopped";
  return (WRITERS as readonly string[]).includes(modelUsed ?? "")
    ? (modelUsed as WriterColumn)
    : "other";
}

async function accountFigures(db: Database, weekAgo: Date) {
  const [row] = rowsOf<{ total: number; verified: number; recent: number }>(
    await db.execute(sql`
      select count(*)::int as total,
        count(*) filter (where ${users.emailVerified})::int as verified,
        count(*) filter (where ${users.createdAt} >= ${at(weekAgo)})::int as recent
      from ${users}`),
  );
  return { total: row!.total, verified: row!.verified, newInSevenDays: row!.recent };
}

async function guestFigures(db: Database, weekAgo: Date) {
  const [peopleResult, textsResult] = await Promise.all([
    db.execute(sql`
      select count(*)::int as total,
        count(*) filter (where ${guests.createdAt} >= ${at(weekAgo)})::int as recent,
        count(*) filter (where ${guests.claimedByUserId} is not null)::int as registered
      from ${guests}`),
    // What guests wrote, kept or not (decision 084): a template draft counts, as before.
    db.execute(sql`
      select count(*)::int as total,
        count(*) filter (where ${textRecords.createdAt} >= ${at(weekAgo)})::int as recent
      from ${textRecords} where ${textRecords.byGuest}`),
  ]);
  const [people] = rowsOf<{ total: number; recent: number; registered: number }>(peopleResult);
  const [texts] = rowsOf<{ total: number; recent: number }>(textsResult);
  return {
    total: people!.total,
    newInSevenDays: people!.recent,
    registered: people!.registered,
    texts: texts!.total,
    textsInSevenDays: texts!.recent,
  };
}

/** Texts, failures and refunds for each of the last OVERVIEW_DAYS days, today included. */
async function dailyFigures(db: Database, now: Date): Promise<DayOfTexts[]> {
  const today = startOfUtcDay(now);
  const first = new Date(today.getTime() - (OVERVIEW_DAYS - 1) * DAY_MS);
  const day = (column: unknown) =>
    sql`to_char(date_trunc('day', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const [texts, refunds] = await Promise.all([
    // Texts written, whether or not they are still kept (decision 084); a version edited by
    // hand is no written text and has no record.
    db.execute(sql`
      select ${day(textRecords.createdAt)} as day, ${textRecords.modelUsed} as writer,
        ${textRecords.status} as status, count(*)::int as count
      from ${textRecords}
      where ${textRecords.createdAt} >= ${at(first)}
      group by 1, 2, 3`),
    db.execute(sql`
      select ${day(creditLedger.createdAt)} as day, count(*)::int as count,
        sum(${creditLedger.delta})::int as credits
      from ${creditLedger}
      where ${creditLedger.createdAt} >= ${at(first)} and ${creditLedger.reason} = 'refund'
      group by 1`),
  ]);
  const days = new Map<string, DayOfTexts>();
  for (let i = 0; i < OVERVIEW_DAYS; i++) {
    const key = utcDay(new Date(first.getTime() + i * DAY_MS));
    days.set(key, emptyDay(key));
  }
  for (const row of rowsOf<{ day: string; writer: string | null; status: string; count: number }>(
    texts,
  )) {
    const entry = days.get(row.day);
    if (!entry) continue;
    if (row.status === "failed") entry.failures += row.count;
    else if (row.status === "done") entry.texts[writerColumn(row.writer)] += row.count;
  }
  for (const row of rowsOf<{ day: string; count: number; credits: number }>(refunds)) {
    const entry = days.get(row.day);
    if (!entry) continue;
    entry.refunds = row.count;
    entry.refundedCredits = row.credits;
  }
  return [...days.values()];
}

/** Credits granted, spent, earned from ads and taken back, for each of the last weeks. */
async function weeklyFigures(db: Database, now: Date): Promise<WeekOfCredits[]> {
  const thisWeek = new Date(weekKey(now));
  const first = new Date(thisWeek.getTime() - (OVERVIEW_WEEKS - 1) * 7 * DAY_MS);
  const result = await db.execute(sql`
    select to_char(date_trunc('week', ${creditLedger.createdAt} at time zone 'UTC'), 'YYYY-MM-DD') as week,
      ${creditLedger.reason} as reason, sum(${creditLedger.delta})::int as credits
    from ${creditLedger}
    where ${creditLedger.createdAt} >= ${at(first)}
    group by 1, 2`);
  const weeks = new Map<string, WeekOfCredits>();
  for (let i = 0; i < OVERVIEW_WEEKS; i++) {
    const week = utcDay(new Date(first.getTime() + i * 7 * DAY_MS));
    weeks.set(week, { week, granted: 0, spent: 0, earnedFromAds: 0, takenBack: 0 });
  }
  for (const row of rowsOf<{ week: string; reason: string; credits: number }>(result)) {
    const entry = weeks.get(row.week);
    if (!entry) continue;
    if (GRANTED.has(row.reason)) entry.granted += row.credits;
    else if (row.reason === "generation" || row.reason === "refund") entry.spent -= row.credits;
    else if (row.reason === "ad_reward") entry.earnedFromAds += row.credits;
    else if (row.reason === "operator_take_back") entry.takenBack -= row.credits;
  }
  return [...weeks.values()];
}

export async function consoleOverview(db: Database, now: Date): Promise<Overview> {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const [accounts, guestsFigures, days, weeks, ads] = await Promise.all([
    accountFigures(db, weekAgo),
    guestFigures(db, weekAgo),
    dailyFigures(db, now),
    weeklyFigures(db, now),
    adFigures(db),
  ]);
  const { writer, ready } = writersStatus();
  return {
    generatedAt: now.toISOString(),
    accounts,
    guests: guestsFigures,
    days,
    weeks,
    writers: { writer, ready, local: localWriterFigures() },
    ads,
  };
}
