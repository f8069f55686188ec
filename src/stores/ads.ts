import { atom } from "nanostores";
import { apiFetch } from "#client/http.ts";
import { loadVastAd, type VastAd } from "#client/vast.ts";
import type { AdEvent, AdOffer, HouseAd } from "#shared/ads.ts";
import { AD_REWARD } from "#shared/credits.ts";
import { invalidateCreditStatus } from "./credits.ts";
import { creditsWords } from "#i18n/credits.ts";
import { messages } from "#i18n/messages.ts";
import { describeFailure } from "#i18n/wording.ts";
import type { FailedAnswer } from "#shared/api/failures.ts";
import { $language } from "./preferences.ts";
import { showToast } from "./toasts.ts";

/** What the ad card shows while an ad runs. */
export type AdCreative =
  | { kind: "loading" }
  | { kind: "house"; ad: HouseAd }
  | { kind: "vast"; ad: VastAd; ended: boolean }
  /** Neither an ad network nor an active house ad: the card says what the credits are for. */
  | { kind: "default" };

export interface AdWatch {
  phase: "idle" | "starting" | "watching" | "claiming";
  /** Seconds until the ad may be claimed, while watching. */
  secondsLeft: number | null;
  /** Ads paid in this page's life; the activity list reloads when it changes. */
  rewards: number;
  /** The ad on the card; it stays after the reward, until the next ad starts. */
  creative: AdCreative | null;
}

/** The credits page's ad (spec §2): start on the server, play an ad, count down, claim once. */
export const $adWatch = atom<AdWatch>({
  phase: "idle",
  secondsLeft: null,
  rewards: 0,
  creative: null,
});

/** The session whose ad is on the card, and what the server offered for it. */
let current: { adSessionId: string; offer: AdOffer } | null = null;

function update(patch: Partial<AdWatch>): void {
  $adWatch.set({ ...$adWatch.get(), ...patch });
}

function failed(body: FailedAnswer = {}): void {
  const language = $language.get();
  showToast({
    title: messages.translate(language, "common.error"),
    description: describeFailure(language, body, () =>
      creditsWords.translate(language, "credits.ad.failed"),
    ),
    variant: "error",
  });
  update({ phase: "idle", secondsLeft: null, creative: null });
}

function fallback(offer: AdOffer): AdCreative {
  return offer.house ? { kind: "house", ad: offer.house } : { kind: "default" };
}

/**
 * Tells the server what the card's ad did, for the console's figures. Counting is not the
 * visitor's business: a failed report is dropped, never shown.
 */
function report(event: AdEvent): void {
  const creative = $adWatch.get().creative;
  if (!current || !creative) return;
  const ad =
    creative.kind === "house"
      ? { source: "house", adId: creative.ad.id }
      : creative.kind === "vast"
        ? { source: "vast", adId: creative.ad.id, title: creative.ad.title ?? undefined }
        : null;
  if (!ad) return;
  void apiFetch("/api/credits/ad-event", {
    json: { adSessionId: current.adSessionId, event, ...ad },
  }).catch(() => {});
}

/** The ad's first frame or image is on screen. */
export function adShown(): void {
  const creative = $adWatch.get().creative;
  if (creative?.kind === "vast") creative.ad.tracker.trackImpression();
  report("impression");
}

/** The visitor opened the ad's link. */
export function adClicked(): void {
  const creative = $adWatch.get().creative;
  if (creative?.kind === "vast") creative.ad.tracker.click();
  report("click");
}

/** A network's video played to its end. */
export function adVideoEnded(): void {
  const creative = $adWatch.get().creative;
  if (creative?.kind !== "vast" || creative.ended) return;
  creative.ad.tracker.complete();
  report("completion");
  update({ creative: { ...creative, ended: true } });
}

/** A network's video could not play: its error tracker hears so, and a house ad takes over. */
export function adVideoFailed(): void {
  const creative = $adWatch.get().creative;
  if (creative?.kind !== "vast" || !current) return;
  // 405: "Unable to display MediaFile" in VAST's error codes.
  creative.ad.tracker.error({ ERRORCODE: "405" });
  update({ creative: fallback(current.offer) });
}

async function claim(adSessionId: string): Promise<void> {
  update({ phase: "claiming" });
  try {
    const { ok, body } = await apiFetch<{ creditsEarned?: number }>("/api/credits/watch-ad", {
      json: { adSessionId },
    });
    if (!ok || !body.success) return failed(body);
    const language = $language.get();
    showToast({
      title: creditsWords.translate(language, "credits.ad.earned"),
      description: creditsWords.translate(language, "credits.ad.reward", {
        credits: body.creditsEarned ?? AD_REWARD,
      }),
      variant: "success",
    });
    invalidateCreditStatus();
    update({ phase: "idle", secondsLeft: null, rewards: $adWatch.get().rewards + 1 });
  } catch {
    failed();
  }
}

/** Puts the offered ad on the card: the network's first, then the house ad, then the default. */
async function showAd(adSessionId: string, offer: AdOffer): Promise<void> {
  current = { adSessionId, offer };
  if (!offer.vastUrl) return update({ creative: fallback(offer) });
  update({ creative: { kind: "loading" } });
  const vast = await loadVastAd(offer.vastUrl);
  if (current?.adSessionId !== adSessionId || $adWatch.get().creative?.kind !== "loading") return;
  update({ creative: vast ? { kind: "vast", ad: vast, ended: false } : fallback(offer) });
}

/**
 * Starts an ad and claims it when `watchSeconds` have passed. Counting starts when the
 * server's answer arrives, so its `readyAt` has surely passed at zero; a second click
 * while one runs does nothing. The ad plays meanwhile; the reward never waits for it.
 */
export async function watchAd(watchSeconds: number): Promise<void> {
  if ($adWatch.get().phase !== "idle") return;
  update({ phase: "starting", creative: null });
  let adSessionId: string;
  let offer: AdOffer;
  try {
    const { ok, body } = await apiFetch<{ adSessionId?: string; ad?: AdOffer }>(
      "/api/credits/ad-session",
      { json: {} },
    );
    if (!ok || !body.adSessionId) return failed(body);
    adSessionId = body.adSessionId;
    offer = body.ad ?? { vastUrl: null, house: null };
  } catch {
    return failed();
  }
  let left = watchSeconds;
  update({ phase: "watching", secondsLeft: left });
  void showAd(adSessionId, offer);
  const timer = setInterval(() => {
    left -= 1;
    update({ secondsLeft: left });
    if (left <= 0) {
      clearInterval(timer);
      // A house ad has been on the card for the whole time: that is its completion.
      if ($adWatch.get().creative?.kind === "house") report("completion");
      void claim(adSessionId);
    }
  }, 1000);
}
