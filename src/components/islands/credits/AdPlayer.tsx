import { useStore } from "@nanostores/react";
import { creditsWords } from "#i18n/credits.ts";
import { houseAdCopy } from "#shared/ads.ts";
import {
  $adWatch,
  adClicked,
  adShown,
  adVideoEnded,
  adVideoFailed,
  type AdCreative,
} from "#stores/ads.ts";
import { useMessages } from "#components/ui/use-messages.ts";

const frame =
  "mt-4 overflow-hidden rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800";
const mediaBox = "block aspect-video w-full bg-slate-200 object-cover dark:bg-slate-700";
/** A video is never cropped: a network's ad may come in any shape. */
const videoBox = "block aspect-video w-full bg-black object-contain";

interface Shown {
  media: { kind: "image" | "video"; src: string; alt: string; loop: boolean };
  headline: string;
  text: string | null;
  sponsor: string | null;
  link: string | null;
}

function shownAd(creative: AdCreative, language: string): Shown | null {
  if (creative.kind === "house") {
    const copy = houseAdCopy(creative.ad, language);
    return {
      media: { ...creative.ad.media, alt: copy.alt, loop: true },
      headline: copy.headline,
      text: copy.text,
      sponsor: creative.ad.sponsor,
      link: creative.ad.link,
    };
  }
  if (creative.kind === "vast") {
    const { ad } = creative;
    return {
      media: { kind: "video", src: ad.mediaUrl, alt: "", loop: false },
      headline: ad.title ?? creditsWords.translate(language, "ad.untitled"),
      text: null,
      sponsor: ad.advertiser,
      link: ad.clickThrough,
    };
  }
  return null;
}

/** The ad the "Watch Ad" card plays: a network's video, a house ad, or what credits are for. */
export default function AdPlayer({ reward }: { reward: number }) {
  const { creative } = useStore($adWatch);
  const { language, t } = useMessages(creditsWords);
  if (!creative) return null;

  if (creative.kind === "loading") {
    return (
      <div className={`${frame} ${mediaBox} flex items-center justify-center`} role="status">
        <span className="text-sm text-slate-600 dark:text-slate-300">{t("ad.loading")}</span>
      </div>
    );
  }

  const shown = shownAd(creative, language);
  if (!shown) {
    return (
      <section
        className={`${frame} p-4`}
        aria-labelledby="ad-default-heading"
        data-testid="ad-default"
      >
        <p id="ad-default-heading" className="font-semibold text-slate-900 dark:text-white">
          {t("ad.default.title")}
        </p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {t("ad.default.body", { credits: reward })}
        </p>
      </section>
    );
  }

  const { media } = shown;
  return (
    <section className={frame} aria-label={t("ad.label")}>
      {media.kind === "image" ? (
        <img
          src={media.src}
          alt={media.alt}
          width={320}
          height={180}
          className={mediaBox}
          onLoad={adShown}
        />
      ) : (
        // A network's video keeps its own key, so a fallback house ad starts a fresh element.
        <video
          key={media.src}
          src={media.src}
          className={videoBox}
          aria-label={shown.headline}
          muted
          autoPlay
          playsInline
          loop={media.loop}
          onPlaying={adShown}
          onLoadedMetadata={(event) => {
            if (creative.kind === "vast")
              creative.ad.tracker.setDuration(event.currentTarget.duration);
          }}
          onTimeUpdate={(event) => {
            if (creative.kind === "vast")
              creative.ad.tracker.setProgress(event.currentTarget.currentTime);
          }}
          onEnded={adVideoEnded}
          onError={adVideoFailed}
        />
      )}
      <div className="p-3">
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {t("ad.label")}
          {shown.sponsor && <> · {t("ad.sponsoredBy", { sponsor: shown.sponsor })}</>}
        </p>
        <p className="mt-1 font-semibold text-slate-900 dark:text-white">
          {shown.link ? (
            <a
              href={shown.link}
              target="_blank"
              rel="noopener sponsored"
              className="underline-offset-2 hover:underline"
              onClick={adClicked}
            >
              {shown.headline}
              <span className="sr-only"> {t("ad.newTab")}</span>
            </a>
          ) : (
            shown.headline
          )}
        </p>
        {shown.text && (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{shown.text}</p>
        )}
      </div>
    </section>
  );
}
