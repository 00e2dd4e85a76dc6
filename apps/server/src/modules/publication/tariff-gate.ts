import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { type TariffTerms, tariffHasEnded } from "../tariffs";

/**
 * The tariff hook of publishing (`POST publication-quiz/`, `PUT quiz/{id}/publish/`):
 * both answer 403 `tariff_expired` while the account's tariff has ended (docs/money.md
 * "Expiry"). Hiding a quiz stays allowed.
 */
export async function assertTariffAllowsPublishing(
  db: DbOrTx,
  terms: TariffTerms,
  userId: number,
  action: "publish" | "show" | "hide",
): Promise<void> {
  if (action === "hide") return;
  if (await tariffHasEnded(db, userId, terms)) throw new AppError("tariff_expired");
}
