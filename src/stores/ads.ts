import { atom } from "nanostores";
import { apiFetch } from "#client/http.ts";
import { AD_REWARD } from "#shared/credits.ts";
import { invalidateCreditStatus } from "./credits.ts";
import { showToast } from "./toasts.ts";

export interface AdWatch {
  phase: "idle" | "starting" | "watching" | "claiming";
  /** Seconds until the ad may be claimed, while watching. */
  secondsLeft: number | null;
  /** Ads paid in this page's life; the activity list reloads when it changes. */
  rewards: number;
}

/** The credits page's ad (spec §2): start on the server, count down, claim once. */
export const $adWatch = atom<AdWatch>({ phase: "idle", secondsLeft: null, rewards: 0 });

function update(patch: Partial<AdWatch>): void {
  $adWatch.set({ ...$adWatch.get(), ...patch });
}

function failed(message = "Failed to watch ad"): void {
  showToast({ title: "Error", description: message, variant: "error" });
  update({ phase: "idle", secondsLeft: null });
}

async function claim(adSessionId: string): Promise<void> {
  update({ phase: "claiming" });
  try {
    const { ok, body } = await apiFetch<{ creditsEarned?: number }>("/api/credits/watch-ad", {
      json: { adSessionId },
    });
    if (!ok || !body.success) return failed(body.message);
    showToast({
      title: "Credits Earned!",
      description: `+${body.creditsEarned ?? AD_REWARD} credits`,
      variant: "success",
    });
    invalidateCreditStatus();
    update({ phase: "idle", secondsLeft: null, rewards: $adWatch.get().rewards + 1 });
  } catch {
    failed();
  }
}

/**
 * Starts an ad and claims it when `watchSeconds` have passed. Counting starts when the
 * server's answer arrives, so its `readyAt` has surely passed at zero; a second click
 * while one runs does nothing.
 */
export async function watchAd(watchSeconds: number): Promise<void> {
  if ($adWatch.get().phase !== "idle") return;
  update({ phase: "starting" });
  let adSessionId: string;
  try {
    const { ok, body } = await apiFetch<{ adSessionId?: string }>("/api/credits/ad-session", {
      json: {},
    });
    if (!ok || !body.adSessionId) return failed(body.message);
    adSessionId = body.adSessionId;
  } catch {
    return failed();
  }
  let left = watchSeconds;
  update({ phase: "watching", secondsLeft: left });
  const timer = setInterval(() => {
    left -= 1;
    update({ secondsLeft: left });
    if (left <= 0) {
      clearInterval(timer);
      void claim(adSessionId);
    }
  }, 1000);
}
