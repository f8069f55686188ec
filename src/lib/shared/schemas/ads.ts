import { z } from "#shared/zod.ts";
import { AD_EVENTS } from "#shared/ads.ts";

/** Printable text: no control characters (a NUL byte is bad input, never a stored label). */
const PRINTABLE = /^[^\p{Cc}]*$/u;

const common = {
  adSessionId: z.uuid({ error: "A valid ad session is required." }),
  event: z.enum(AD_EVENTS, { error: "The event must be impression, completion or click." }),
};

/** POST /api/credits/ad-event: something happened to the ad an ad session showed. */
export const adEventSchema = z.discriminatedUnion(
  "source",
  [
    z.object({
      ...common,
      source: z.literal("house"),
      adId: z
        .string({ error: "A house ad's id is required." })
        .regex(
          /^[a-z0-9][a-z0-9_-]{0,79}$/,
          "A house ad's id is its file name in src/content/ads.",
        ),
    }),
    z.object({
      ...common,
      source: z.literal("vast"),
      /** The VAST <Ad id> (or its creative's), as the network named it. */
      adId: z
        .string({ error: "A VAST ad's id is required." })
        .trim()
        .min(1, "A VAST ad's id is required.")
        .max(200, "A VAST ad's id is at most 200 characters.")
        .regex(PRINTABLE, "A VAST ad's id must be printable text."),
      /** Its <AdTitle>, shown to operators beside the figures. */
      title: z
        .string()
        .trim()
        .max(200, "A VAST ad's title is at most 200 characters.")
        .regex(PRINTABLE, "A VAST ad's title must be printable text.")
        .optional(),
    }),
  ],
  { error: "The ad's source must be house or vast." },
);

export type AdEventInput = z.infer<typeof adEventSchema>;
