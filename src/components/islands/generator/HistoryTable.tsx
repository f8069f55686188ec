import { useStore } from "@nanostores/react";
import { useState } from "react";
import { apiFetch } from "#client/http.ts";
import { copyText, downloadText } from "#client/download.ts";
import { contentTypeLabel, languageLabel } from "#shared/generation.ts";
import type { HistoryItem } from "#shared/schemas/generation.ts";
import { $history, invalidateHistory } from "#stores/history.ts";
import { showToast } from "#stores/toasts.ts";
import { ModalDialog } from "#components/ui/ModalDialog.tsx";

const action =
  "rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 dark:text-brand-100 dark:hover:bg-slate-800";

/** Spec §2 Profile: Subject, Type, Language, Date, Actions (Copy, Delete), and downloads. */
export default function HistoryTable() {
  const { data, loading, error } = useStore($history);
  const [pendingDelete, setPendingDelete] = useState<HistoryItem | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function confirmDelete() {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      const { ok, body } = await apiFetch(`/api/email/delete/${pendingDelete.id}`, {
        method: "DELETE",
      });
      if (ok && body.success) showToast({ title: "Text deleted successfully", variant: "success" });
      else
        showToast({
          title: "Error",
          description: body.message ?? "An error occurred while deleting the text.",
          variant: "error",
        });
    } catch {
      showToast({
        title: "Error",
        description: "An error occurred while deleting the text.",
        variant: "error",
      });
    } finally {
      setDeleting(false);
      setPendingDelete(null);
      invalidateHistory();
    }
  }

  async function copy(item: HistoryItem) {
    const ok = await copyText(item.generatedContent);
    showToast(
      ok
        ? { title: "Copied", description: "Text copied to clipboard!", variant: "success" }
        : { title: "Could not copy the text.", variant: "error" },
    );
  }

  if (!data) {
    return (
      <p className="text-slate-600 dark:text-slate-400">
        {error && !loading ? "Could not load your writings." : "Loading your writings..."}
      </p>
    );
  }
  if (data.generations.length === 0) {
    return <p className="text-slate-600 dark:text-slate-400">You don't have any writings yet.</p>;
  }

  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Subject
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Type
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Language
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Date
              </th>
              <th scope="col" className="py-2 font-medium">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {data.generations.map((item) => (
              <tr key={item.id}>
                <td
                  className="max-w-64 truncate py-2 pr-4 font-medium text-slate-900 dark:text-white"
                  title={item.subject}
                >
                  {item.subject}
                </td>
                <td className="py-2 pr-4">{contentTypeLabel(item.contentType)}</td>
                <td className="py-2 pr-4">{languageLabel(item.language)}</td>
                <td className="py-2 pr-4 whitespace-nowrap">
                  <time dateTime={item.createdAt}>
                    {new Date(item.createdAt).toLocaleDateString()}
                  </time>
                </td>
                <td className="py-2 whitespace-nowrap">
                  <button
                    type="button"
                    className={action}
                    onClick={() => void copy(item)}
                    aria-label={`Copy "${item.subject}"`}
                  >
                    Copy
                  </button>
                  <button
                    type="button"
                    className={action}
                    onClick={() => downloadText(item.generatedContent, item.subject, "txt")}
                    aria-label={`Download "${item.subject}" as .txt`}
                  >
                    .txt
                  </button>
                  <button
                    type="button"
                    className={action}
                    onClick={() => downloadText(item.generatedContent, item.subject, "md")}
                    aria-label={`Download "${item.subject}" as .md`}
                  >
                    .md
                  </button>
                  <button
                    type="button"
                    className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-800"
                    onClick={() => setPendingDelete(item)}
                    aria-label={`Delete "${item.subject}"`}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ModalDialog
        open={pendingDelete !== null}
        onClose={() => setPendingDelete(null)}
        title="Delete this text?"
        description={
          <p>
            "{pendingDelete?.subject}" will be removed from your history. This cannot be undone.
          </p>
        }
      >
        <div className="mt-6 flex justify-end gap-3">
          <button
            type="button"
            onClick={() => setPendingDelete(null)}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:text-white dark:hover:bg-slate-800"
          >
            Cancel
          </button>
          <button
            type="button"
            disabled={deleting}
            onClick={() => void confirmDelete()}
            className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {deleting ? "Deleting..." : "Delete"}
          </button>
        </div>
      </ModalDialog>
    </>
  );
}
