import { useEffect, useState } from "react";
import { formatLongDate } from "#shared/format.ts";
import { languageTag } from "#shared/generation.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import type { PublicTestimonial } from "#shared/schemas/testimonials.ts";

/** One card (spec §2): avatar or initial, name, profession, date, 1–5 stars, text. Text is never markup. */
export function TestimonialCard({ testimonial }: { testimonial: PublicTestimonial }) {
  const { name, profession, content, rating, date, imageUrl } = testimonial;
  const { language, t, words } = useMessages();
  return (
    <li
      data-ui-words={words}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-950"
    >
      <div className="flex items-center gap-3">
        {imageUrl ? (
          <img src={imageUrl} alt="" width={40} height={40} className="h-10 w-10 rounded-full" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700"
          >
            {name.charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <p className="font-semibold text-slate-900 dark:text-white">{name}</p>
          {profession && <p className="text-sm text-slate-600 dark:text-slate-400">{profession}</p>}
        </div>
      </div>
      <p
        className="mt-3 text-amber-500"
        role="img"
        aria-label={t("testimonials.stars", { rating })}
      >
        {"★".repeat(rating)}
        <span className="text-slate-300 dark:text-slate-600">{"★".repeat(5 - rating)}</span>
      </p>
      <blockquote className="mt-3 flex-1 whitespace-pre-line text-slate-700 dark:text-slate-300">
        {content}
      </blockquote>
      <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">
        <time dateTime={date.slice(0, 10)}>{formatLongDate(date, languageTag(language))}</time>
      </p>
    </li>
  );
}

/**
 * "What Our Users Say": the built-in testimonials render at build time; approved
 * submissions are fetched once the page is idle, so the page stays static, and go after
 * the built-in ones: a card that arrives moves none that is shown.
 */
export default function TestimonialsGrid({ builtIn }: { builtIn: PublicTestimonial[] }) {
  const [approved, setApproved] = useState<PublicTestimonial[]>([]);

  useEffect(() => {
    let cancelled = false;
    fetch("/api/testimonials", { headers: { accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : { testimonials: [] }))
      .then((body: { testimonials?: PublicTestimonial[] }) => {
        if (!cancelled) setApproved(body.testimonials ?? []);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <ul className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {[...builtIn, ...approved].map((testimonial) => (
        <TestimonialCard key={testimonial.id} testimonial={testimonial} />
      ))}
    </ul>
  );
}
