import { useStore } from "@nanostores/react";
import { Toast } from "radix-ui";
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
 * The one toast on screen (spec §2, §9): Radix Toast with its defaults for swipe-right
 * (50 px) and the F8 hotkey, 3000 ms, 420 px wide from medium screens up. Loaded by
 * Toaster after the page has started.
 */
export default function ToastRegion() {
  const toast = useStore($toast);
  const { t } = useMessages();

  return (
    <Toast.Provider
      duration={3000}
      swipeDirection="right"
      swipeThreshold={50}
      label={t("common.notification")}
    >
      {toast && (
        <Toast.Root
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
      <Toast.Viewport
        label={t("common.notifications")}
        className="fixed right-0 bottom-0 z-[100] m-0 flex w-full list-none flex-col gap-2 p-4 outline-none md:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
