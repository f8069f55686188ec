import { defineCollection } from "astro:content";
import { file, glob } from "astro/loaders";
import { z } from "astro/zod";
import { localized, useCaseSchema } from "./lib/shared/use-cases.ts";

/** Marketer-edited text. Components read these; they hold no copy of their own. */

const seo = {
  title: z.string().min(1).max(70),
  description: z.string().min(50).max(170),
};

/**
 * Long-form pages: about, privacy policy, terms of service; each with its Turkish in
 * `tr/<name>.md` (decision 099).
 */
const pages = defineCollection({
  loader: glob({ pattern: ["*.md", "tr/*.md"], base: "./src/content/pages" }),
  schema: z.object({
    ...seo,
    heading: z.string().min(1),
    lastUpdated: z.coerce.date().optional(),
  }),
});

const sections = z
  .array(z.object({ title: z.string().min(1), items: z.array(z.string().min(1)).min(1) }))
  .default([]);

/** A page's words that show: the English ones, and under `turkish` the same in Turkish. */
const shownCopy = {
  heading: z.string().min(1),
  intro: z.string().min(1),
  sections,
};

/** The Turkish has the English's sections, each with as many items, in the same order. */
function sameShape(english: z.infer<typeof sections>, turkish: z.infer<typeof sections>): boolean {
  return (
    english.length === turkish.length &&
    english.every((section, index) => section.items.length === turkish[index]!.items.length)
  );
}

/** Short page copy (home, contact, 404) keyed by page. */
const copy = defineCollection({
  loader: file("./src/content/copy.yaml"),
  schema: z
    .object({
      ...seo,
      ...shownCopy,
      /**
       * The rating a page advertises, as marketing copy: five stars, `score` in bold, then
       * `text`. Search engines get the approved testimonials' own rating (decision 095).
       */
      rating: z
        .object({ score: z.string().min(1).max(10), text: z.string().min(1).max(80) })
        .optional(),
      /** Use cases (slugs) the page links to, e.g. the home page's most written. */
      featured: z.array(z.string()).max(9).optional(),
      /** The same words in Turkish, shown when Turkish is the chosen language. */
      turkish: z.object({
        ...seo,
        ...shownCopy,
        rating: z.object({ text: z.string().min(1).max(80) }).optional(),
      }),
    })
    .refine((entry) => sameShape(entry.sections, entry.turkish.sections), {
      message: "turkish.sections must have the same sections and items as sections",
    })
    .refine((entry) => !entry.rating || entry.turkish.rating, {
      message: "turkish.rating.text is needed beside rating",
    }),
});

const faq = defineCollection({
  loader: file("./src/content/faq.yaml"),
  schema: z.object({
    question: z.string().min(5),
    answer: z.string().min(5),
    order: z.number(),
    turkish: z.object({ question: z.string().min(5), answer: z.string().min(5) }),
  }),
});

const testimonials = defineCollection({
  loader: file("./src/content/testimonials.yaml"),
  schema: z.object({
    name: z.string().min(2).max(80),
    profession: z.string().max(80).optional(),
    content: z.string().min(10).max(1000),
    rating: z.number().int().min(1).max(5),
    date: z.coerce.date(),
    imageUrl: z.string().optional(),
  }),
});

/** Files a house ad may show, beside the ads in src/content/ads/, by file name. */
export const AD_MEDIA_FILES = Object.keys(
  import.meta.glob("./content/ads/*.{svg,png,jpg,jpeg,webp,webm,mp4}"),
).map((path) => path.slice(path.lastIndexOf("/") + 1));

const adCopy = {
  headline: z.string().trim().min(1).max(80),
  /** One line under the headline. */
  text: z.string().trim().max(200).optional(),
  /** What an image shows, for screen readers; the headline already says what the ad is. */
  alt: z.string().trim().max(150).optional(),
};

/**
 * House ads (issue 27): one YAML file each, with its image or video beside it. The credits
 * page's "Watch Ad" card plays one, chosen by weight among those active now.
 */
const ads = defineCollection({
  loader: glob({ pattern: "*.{yaml,yml}", base: "./src/content/ads" }),
  schema: z
    .object({
      ...adCopy,
      media: z.string().refine((name) => AD_MEDIA_FILES.includes(name), {
        message: "must name an image or video file in src/content/ads/",
      }),
      /** A page of this site (/…) or an https:// address; it opens in a new tab. */
      link: z
        .string()
        .refine((link) => /^\/(?![/\\])/.test(link) || /^https:\/\/[^\s]+$/.test(link), {
          message: "must be a path of this site (/…) or an https:// address",
        }),
      sponsor: z.string().trim().min(1).max(60),
      weight: z.number().int().min(0).max(1000).default(1),
      activeFrom: z.coerce.date().optional(),
      activeUntil: z.coerce.date().optional(),
      /** The same ad in Turkish, shown when Turkish is the selected language. */
      turkish: z.object(adCopy).partial().optional(),
    })
    .refine((ad) => !ad.activeFrom || !ad.activeUntil || ad.activeFrom < ad.activeUntil, {
      message: "activeUntil must come after activeFrom",
    }),
});

/**
 * The use cases' category hubs, /write/<category> (issue 27), keyed by category: a heading,
 * a short introduction and their search titles, in both languages.
 */
const categories = defineCollection({
  loader: file("./src/content/categories.yaml"),
  schema: z.object({
    heading: localized(60),
    intro: localized(600),
    seo: z.object({
      title: localized(70),
      description: z.object({
        en: z.string().trim().min(50).max(170),
        tr: z.string().trim().min(50).max(170),
      }),
    }),
  }),
});

/**
 * Use cases (issue 42): one YAML file each, named by its slug; each is a page at
 * /write/<slug> and a choice in the generator. The README says how to add one.
 */
const useCases = defineCollection({
  loader: glob({
    pattern: "*.{yaml,yml}",
    base: "./src/content/use-cases",
    generateId({ entry, data }) {
      const fileSlug = entry.replace(/\.ya?ml$/, "");
      if (data.slug !== fileSlug) {
        throw new Error(
          `src/content/use-cases/${entry}: slug must be "${fileSlug}", as the file is named`,
        );
      }
      return fileSlug;
    },
  }),
  schema: useCaseSchema,
});

export const collections = { pages, copy, faq, testimonials, ads, useCases, categories };
