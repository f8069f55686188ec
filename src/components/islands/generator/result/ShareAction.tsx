import { useStore } from "@nanostores/react";
import { useState } from "react";
import { apiFetch, type ApiResult } from "#client/http.ts";
import { copyText } from "#client/download.ts";
import { ModalDialog } from "#components/ui/ModalDialog.tsx";
import { useMessages } from "#components/ui/use-messages.ts";
import { shareWords, type ShareWordKey } from "#i18n/shares.ts";
import type { ShareAnswer } from "#shared/api/shares.ts";
import { $currentUser } from "#stores/user.ts";
import { actionButton } from "./action-button.ts";

/** Where making the link stands: asked, made (its address), or refused (why, as a key). */
type Making =
  | { state: "idle" | "making" }
  | { state: "ready"; url: string; copied: boolean }
  | { state: "failed"; reason: ShareWordKey };

/** A refusal's words by its status: the server's English is for API users. */
function refusal(result: ApiResult<unknown>): ShareWordKey {
  if (result.status === 409) return "share.notFinished";
  if (result.status === 404) return "share.notFound";
  if (result.status === 403) return "share.verify";
  if (result.status === 429) return "share.tooMany";
  return "share.failed";
}

/**
 * "Share" on a finished version of an account's text (issue 28, item 3): it makes the
 * version's public link (or finds the one made before) and offers to copy it. Loaded with
 * the first text, like the exports; a guest has no links, so no button.
 */
export default function ShareAction({ generationId }: { generationId: string }) {
  const signedIn = Boolean(useStore($currentUser).data?.user);
  const { t } = useMessages(shareWords);
  const [open, setOpen] = useState(false);
  const [making, setMaking] = useState<Making>({ state: "idle" });
  if (!signedIn) return null;

  async function share() {
    setOpen(true);
    setMaking({ state: "making" });
    try {
      const result = await apiFetch<ShareAnswer>("/api/shares", { json: { generationId } });
      setMaking(
        result.ok
          ? { state: "ready", url: `${location.origin}${result.body.share.path}`, copied: false }
          : { state: "failed", reason: refusal(result) },
      );
    } catch {
      setMaking({ state: "failed", reason: "share.failed" });
    }
  }

  async function copy(url: string) {
    if (await copyText(url)) setMaking({ state: "ready", url, copied: true });
  }

  return (
    <>
      <button type="button" className={actionButton} onClick={() => void share()}>
        {t("share.button")}
      </button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t("share.dialogTitle")}
        description={
          making.state === "ready"
            ? t("share.ready")
            : making.state === "failed"
              ? t(making.reason)
              : t("share.making")
        }
      >
        {making.state === "ready" && (
          <div className="mt-4 grid gap-2">
            <label htmlFor="share-link" className="text-sm font-medium">
              {t("share.linkLabel")}
            </label>
            <input
              id="share-link"
              readOnly
              value={making.url}
              onFocus={(event) => event.currentTarget.select()}
              className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-800"
            />
            <div className="flex flex-wrap items-center gap-3">
              <button type="button" className={actionButton} onClick={() => void copy(making.url)}>
                {t("share.copy")}
              </button>
              <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
                {making.copied ? t("share.copied") : ""}
              </p>
            </div>
          </div>
        )}
      </ModalDialog>
    </>
  );
}
