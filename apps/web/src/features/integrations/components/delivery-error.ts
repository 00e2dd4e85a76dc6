import type { TFunction } from "i18next";

/**
 * A delivery's last error for the owner: the codes the server sets itself (docs/delivery.md)
 * in the owner's language; a target's own answer as it came.
 */
export function deliveryErrorText(t: TFunction, error: string | null): string {
  if (error === "no_email") return t("integrations:deliveryError.no_email");
  if (error === "lead_erased") return t("integrations:deliveryError.lead_erased");
  return error ?? "";
}
