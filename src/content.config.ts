import { defineCollection } from "astro:content";
import { file, glob } from "astro/loaders";
import { z } from "astro/zod";

/** Marketer-edited text. Components read these; they hold no copy of their own. */

const seo = {
  title: z.string().min(1).max(70),
  description: z.string().min(50).max(170),
};

/** Long-form pages: about, privacy policy, terms of service. */
const pages = defineCollection({
  loader: glob({ pattern: "*.md", base: "./src/content/pages" }),
  schema: z.object({
    ...seo,
    heading: z.string().min(1),
    lastUpdated: z.coerce.date().optional(),
  }),
});

/** Short page copy (home, contact, 404) keyed by page. */
const copy = defineCollection({
  loader: file("./src/content/copy.yaml"),
  schema: z.object({
    ...seo,
    heading: z.string().min(1),
    intro: z.string().min(1),
    sections: z
      .array(z.object({ title: z.string().min(1), items: z.array(z.string().min(1)).min(1) }))
      .default([]),
  }),
});

const faq = defineCollection({
  loader: file("./src/content/faq.yaml"),
  schema: z.object({ question: z.string().min(5), answer: z.string().min(5), order: z.number() }),
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

export const collections = { pages, copy, faq, testimonials };
