import { openCreditDialogForStatus } from "#stores/credit-dialog.ts";

/**
 * A paid button's props (decision 096): at zero credits it looks disabled (`aria-disabled`,
 * never `disabled`, which would swallow the press) and a press opens the credit dialog.
 */
export function paidAction(
  outOfCredits: boolean,
  act: () => void,
): { "aria-disabled"?: true; onClick: () => void } {
  return outOfCredits
    ? { "aria-disabled": true, onClick: openCreditDialogForStatus }
    : { onClick: act };
}
