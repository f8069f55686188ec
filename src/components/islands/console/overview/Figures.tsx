import { consoleLocale } from "#i18n/console.ts";

/** A card of named figures: accounts, guests, texts. */
export function Figures({ heading, figures }: { heading: string; figures: [string, number][] }) {
  return (
    <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <h3 className="font-semibold text-slate-900 dark:text-white">{heading}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {figures.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="text-right font-semibold text-slate-900 tabular-nums dark:text-white">
              {value.toLocaleString(consoleLocale())}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
