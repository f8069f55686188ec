import type { VASTTracker } from "@dailymotion/vast-client";

/** A VAST linear video ad this browser can play, with its tracker. */
export interface VastAd {
  /** The network's ad id (or its creative's), for our own counts. */
  id: string;
  title: string | null;
  advertiser: string | null;
  mediaUrl: string;
  clickThrough: string | null;
  tracker: VASTTracker;
}

/** How long the tag, its wrappers included, may take before the card plays a house ad. */
export const VAST_TIMEOUT_MS = 5_000;

interface ParsedMediaFile {
  fileURL?: string | null;
  mimeType?: string | null;
  deliveryType?: string | null;
}

interface ParsedCreative {
  id?: string | null;
  adId?: string | null;
  type: string;
  mediaFiles: ParsedMediaFile[];
  videoClickThroughURLTemplate?: { url?: string | null } | null;
}

interface ParsedAd {
  id?: string | null;
  title?: string | null;
  advertiser?: { value?: string | null } | null;
  system?: { value?: string | null } | null;
  creatives: ParsedCreative[];
}

/** An http(s) address, or null: a ClickThrough becomes a link's href, never `javascript:`. */
function webAddress(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed && /^https?:\/\//i.test(trimmed) ? trimmed : null;
}

/** A progressive file of a type this browser's <video> says it can play. */
function playableMedia(files: ParsedMediaFile[]): ParsedMediaFile | undefined {
  const probe = document.createElement("video");
  return files.find(
    (file) =>
      file.fileURL &&
      /^https?:\/\//i.test(file.fileURL) &&
      file.deliveryType !== "streaming" &&
      probe.canPlayType(file.mimeType ?? "") !== "",
  );
}

/**
 * Fetches the network's VAST tag in the browser with @dailymotion/vast-client (wrappers
 * followed) and returns its first linear ad with a playable video; null when the tag
 * answers no ad, fails, or takes longer than `timeoutMs` (decision 072).
 */
export async function loadVastAd(
  tagUrl: string,
  timeoutMs = VAST_TIMEOUT_MS,
): Promise<VastAd | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooSlow = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([fetchVastAd(tagUrl, timeoutMs), tooSlow]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

async function fetchVastAd(tagUrl: string, timeoutMs: number): Promise<VastAd | null> {
  const { VASTClient, VASTTracker } = await import("@dailymotion/vast-client");
  const client = new VASTClient();
  const response = (await client.get(tagUrl, {
    timeout: timeoutMs,
    wrapperLimit: 5,
    resolveAll: true,
  })) as { ads: ParsedAd[] };
  for (const ad of response.ads) {
    for (const creative of ad.creatives) {
      if (creative.type !== "linear") continue;
      const media = playableMedia(creative.mediaFiles);
      if (!media?.fileURL) continue;
      const id = ad.id || creative.id || creative.adId || ad.title || media.fileURL;
      return {
        id: id.slice(0, 200),
        title: ad.title?.trim() || null,
        advertiser: ad.advertiser?.value?.trim() || ad.system?.value?.trim() || null,
        mediaUrl: media.fileURL,
        clickThrough: webAddress(creative.videoClickThroughURLTemplate?.url),
        tracker: new VASTTracker(client, ad as never, creative as never),
      };
    }
  }
  return null;
}
