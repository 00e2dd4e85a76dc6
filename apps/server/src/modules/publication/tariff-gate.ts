import type { DbOrTx } from "../../db/client";

/**
 * THE TARIFF HOOK of publishing (`POST publication-quiz/`, `PUT quiz/{id}/publish/`):
 * both answer 403 `tariff_expired` while the account's tariff has ended (docs/api.md
 * "Publishing").
 * There is no tariff model yet, so this ALWAYS ALLOWS. When tariffs land, look the
 * account's tariff up here and `throw new AppError("tariff_expired")` when it has ended
 * (hiding a quiz — `is_published: false` — should stay allowed).
 */
export async function assertTariffAllowsPublishing(
  _db: DbOrTx,
  _userId: number,
  _action: "publish" | "show" | "hide",
): Promise<void> {
  // No tariff model yet: every account may publish.
}
