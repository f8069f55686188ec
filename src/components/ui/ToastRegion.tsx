import { useStore } from "@nanostores/react";
import { Toast } from "radix-ui";
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { $toast, dismissToast } from "#stores/toasts.ts";
import { useMessages } from "./use-messages.ts";

const VARIANT_CLASS = {
  default:
    "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-white",
  success:
    "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50",
  error:
    "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50",
} as const;

/**
 * Where the toast stands: at the bottom, unless an action button (`data-toast-avoid`: the
 * result panel's actions, Generate) is in the band it would cover there, then under the
 * header. From `lg` up the band is the form's column, where Generate is (issue 30). Kept up
 * to date while the page scrolls.
 */
function usePlacement(
  toast: RefObject<HTMLElement | null>,
  region: RefObject<HTMLOListElement | null>,
  shown: boolean,
): "top" | "bottom" {
  const [placement, setPlacement] = useState<"top" | "bottom">("bottom");
  useEffect(() => {
    if (!shown) return;
    const place = () => {
      const column = region.current?.getBoundingClientRect();
      // The bottom band the toast takes: its height and the viewport's padding (1 rem).
      const band = (toast.current?.offsetHeight ?? 0) + 32;
      const inBand = [...document.querySelectorAll("[data-toast-avoid]")].some((element) => {
        const avoid = element.getBoundingClientRect();
        return (
          avoid.bottom > innerHeight - band &&
          avoid.top < innerHeight &&
          (!column || (avoid.right > column.left && avoid.left < column.right))
        );
      });
      setPlacement(inBand ? "top" : "bottom");
    };
    place();
    addEventListener("scroll", place, { passive: true });
    addEventListener("resize", place);
    return () => {
      removeEventListener("scroll", place);
      removeEventListener("resize", place);
    };
  }, [shown, toast, region]);
  return placement;
}

/**
 * The one toast on screen (spec §2, §9): Radix Toast with its defaults for swipe-right
 * (50 px) and the F8 hotkey, 3000 ms, 420 px wide from medium screens up. It never covers
 * the result panel's actions (decision 097) nor Generate: from `lg` up it stands under the
 * form's column; where, top or bottom, is `usePlacement`'s. Loaded by Toaster
 * after the page has started.
 */
export default function ToastRegion() {
  const toast = useStore($toast);
  const { t } = useMessages();
  const root = useRef<HTMLLIElement>(null);
  const region = useRef<HTMLOListElement>(null);
  const placement = usePlacement(root, region, Boolean(toast));
  // A modal <dialog> is in the top layer, over any z-index (decision 009): the toast goes
  // there too, as a popover shown (again, so above a dialog opened since) with each toast.
  const layer = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const popover = layer.current;
    if (popover?.matches(":popover-open")) popover.hidePopover();
    if (toast) popover?.showPopover();
  }, [toast]);

  return (
    <Toast.Provider
      duration={3000}
      swipeDirection="right"
      swipeThreshold={50}
      label={t("common.notification")}
    >
      {toast && (
        <Toast.Root
          ref={root}
          key={toast.id}
          open
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
          data-variant={toast.variant}
          className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0 ${VARIANT_CLASS[toast.variant ?? "default"]}`}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{toast.title}</Toast.Title>
            {toast.description && (
              <Toast.Description className="text-sm opacity-90">
                {toast.description}
              </Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label={t("common.close")}
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      )}
      <div
        ref={layer}
        popover="manual"
        className="m-0 h-0 w-0 overflow-visible border-0 bg-transparent p-0"
      >
        <Toast.Viewport
          ref={region}
          label={t("common.notifications")}
          data-placement={placement}
          className={`pointer-events-none fixed right-0 z-[100] m-0 flex w-full list-none flex-col gap-2 p-4 outline-none md:max-w-[420px] lg:right-auto lg:left-0 ${placement === "top" ? "top-16" : "bottom-0"}`}
        />
      </div>
    </Toast.Provider>
  );
}
