import { atom } from "nanostores";

/** The credit-limit dialog (spec §2), opened on a 402 instead of an error toast. */
export const $creditDialog = atom<{ open: boolean; isGuest: boolean }>({
  open: false,
  isGuest: true,
});

export function openCreditDialog(isGuest: boolean): void {
  $creditDialog.set({ open: true, isGuest });
}

export function closeCreditDialog(): void {
  $creditDialog.set({ ...$creditDialog.get(), open: false });
}
