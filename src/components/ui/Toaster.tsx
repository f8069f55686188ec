import { useStore } from "@nanostores/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { messagesReady } from "#stores/preferences.ts";
import { $toast, showFlashToast, showQueryFlagToast } from "#stores/toasts.ts";

/** Radix Toast is a ninth of the home page's JavaScript: it loads after the page starts. */
const loadRegion = () => import("./ToastRegion.tsx");
const ToastRegion = lazy(loadRegion);

/**
 * The toast region (spec §2, §9), mounted once in the layout with client:only, since
 * server-rendered Radix markup carries inline styles the CSP refuses. Its code loads when
 * the page has started (after hydration), or at once when a toast comes first.
 */
export default function Toaster() {
  const toast = useStore($toast);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    showFlashToast();
    // The address's flag toast is worded here: in Turkish once that half of the catalog is in.
    void messagesReady().then(showQueryFlagToast);
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
