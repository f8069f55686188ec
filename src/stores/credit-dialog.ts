import { atom } from "nanostores";
import { $creditStatus } from "./credits.ts";

/** The credit-limit dialog (spec §2), opened on a 402 instead of an error toast. */
export const $creditDialog = atom<{ open: boolean; isGuest: boolean }>({
  open: false,
  isGuest: true,
});

export function openCreditDialog(isGuest: boolean): void {
  $creditDialog.set({ open: true, isGuest });
}

/**
 * A paid action pressed at zero credits (decision 096): it looks disabled, and the press
 * opens the dialog that says why and what to do, for the person the credit status names.
 */
export function openCreditDialogForStatus(): void {
  openCreditDialog($creditStatus.get().data?.isGuest ?? true);
}

export function closeCreditDialog(): void {
  $creditDialog.set({ ...$creditDialog.get(), open: false });
}
