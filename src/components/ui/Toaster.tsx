import { useStore } from "@nanostores/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { $toast, showFlashToast, showQueryFlagToast } from "#stores/toasts.ts";

/** Radix Toast is a ninth of the home page's JavaScript: it loads after the page starts. */
const ToastRegion = lazy(() => import("./ToastRegion.tsx"));

/**
 * The toast region (spec §2, §9), mounted once in the layout with client:only, since
 * server-rendered Radix markup carries inline styles the CSP refuses. Its code loads when
 * the browser is idle after start-up, or at once when a toast comes first.
 */
export default function Toaster() {
  const toast = useStore($toast);
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    showFlashToast();
    showQueryFlagToast();
    const ready = () => setIdle(true);
    if ("requestIdleCallback" in window) {
      const handle = requestIdleCallback(ready, { timeout: 2_000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(ready, 200);
    return () => clearTimeout(timer);
  }, []);

  if (!idle && !toast) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
