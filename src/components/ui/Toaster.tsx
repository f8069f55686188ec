import { useStore } from "@nanostores/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { messagesReady } from "#stores/preferences.ts";
import { $toast, showFlashToast, showQueryFlagToast } from "#stores/toasts.ts";

/** Radix Toast is a ninth of the home page's JavaScript: it loads after the page starts. */
const loadRegion = () => import("./ToastRegion.tsx");
const ToastRegion = lazy(loadRegion);

/** Hidden, a tab's first change of visibility is to being seen. */
function whenSeen(show: () => void): void {
  if (document.hidden) document.addEventListener("visibilitychange", show, { once: true });
  else show();
}

/**
 * The toast region (spec §2, §9), mounted once in the layout with client:only, since
 * server-rendered Radix markup carries inline styles the CSP refuses. Its code loads when
 * the page has started (after hydration), or at once when a toast comes first.
 */
export default function Toaster() {
  const toast = useStore($toast);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    // A toast that comes with the page (an e-mailed link opened in a background tab) waits
    // until the tab is seen: its 3 s would otherwise run out unread.
    whenSeen(() => {
      showFlashToast();
      // The address's flag toast is worded here: in Turkish once that half of the catalog is in.
      void messagesReady().then(showQueryFlagToast);
    });
    // Fetched as soon as the page has started, so that a toast never waits for it.
    let live = true;
    loadRegion().then(
      () => live && setLoaded(true),
      () => {
        // Offline after a deploy: a toast shown later tries again through lazy().
      },
    );
    return () => {
      live = false;
    };
  }, []);

  if (!loaded && !toast) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
