import { atom, onMount } from "nanostores";

import type { TemplateReason, WritersStatus } from "#shared/api/writers.ts";

export type { TemplateReason, WritersStatus };

/** How often to look again while the local writer is on its way (download or load). */
const WHILE_PREPARING_MS = 5_000;

export const $writers = atom<WritersStatus | null>(null);

/**
 * Read when the generator mounts, and again every few seconds only while the local
 * writer is being downloaded or loaded, so the line under the form can say "45 %".
 */
onMount($writers, () => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const read = async () => {
    try {
      const response = await fetch("/api/email/engines", { credentials: "same-origin" });
      if (response.ok) $writers.set((await response.json()) as WritersStatus);
    } catch {
      // Offline: the generator says so when it is used.
    }
    const state = $writers.get()?.local.state;
    if (!stopped && (state === "downloading" || state === "loading")) {
      timer = setTimeout(() => void read(), WHILE_PREPARING_MS);
    }
  };
  void read();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
});
