import { lazy, Suspense, useEffect, useState } from "react";
import { deskFolder, type DeskFolder } from "#generator/lib/desk-folder.ts";

/** Its words and button load only when a folder was chosen (the home page's budget). */
const DeskFolderNote = lazy(() => import("./DeskFolderNote.tsx"));

/** Where the desk says which folder new texts go into (issue 28), when one was chosen. */
export function DeskFolderSlot() {
  const [folder, setFolder] = useState<DeskFolder | null>(null);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the tab's choice is read once hydrated: the server-rendered HTML has none
  useEffect(() => setFolder(deskFolder()), []);
  return (
    folder && (
      <Suspense fallback={null}>
        <DeskFolderNote folder={folder} onClear={() => setFolder(null)} />
      </Suspense>
    )
  );
}
