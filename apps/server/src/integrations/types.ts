import type { DeliveryLead } from "@leadquiz/contract";

/**
 * What every delivery adapter receives and answers (docs/delivery.md). Adapters know no
 * module: the delivery module builds the lead and reads the outcome.
 */

/** The lead as targets get it: declared once, in packages/contract (delivery-payload.ts). */
export type { DeliveryLead };

export interface SendRequest {
  /** Stable across the tries of one delivery (the webhook-id). */
  eventId: string;
  lead: DeliveryLead;
  settings: Record<string, string>;
  /** The integration's decrypted secrets. */
  secrets: Record<string, string>;
  /** The owner's interface language (en, ru, uk). */
  language: string;
  now: Date;
  /** A test lead the owner asked for from the integration's settings. */
  test: boolean;
  /** The stored secrets, for targets that renew them (OAuth tokens); absent in some tests. */
  credentials?: CredentialStore;
  /**
   * An earlier try of this delivery may have reached the target although its answer was
   * lost (a time-out, a dropped connection, a worker that died mid-send): a create must not
   * be repeated blindly (docs/delivery.md, "Exactly once at the target"). False on the first
   * try and for test leads.
   */
  mayHaveLanded: boolean;
}

/** An integration's stored secrets, changed under a lock (docs/delivery.md, "OAuth targets"). */
export interface CredentialStore {
  /**
   * Runs `change` with the secrets as stored now while holding the integration's row (other
   * processes wait), stores what it answers (null: leaves them) and answers the secrets.
   */
  update(
    change: (current: Record<string, string>) => Promise<Record<string, string> | null>,
  ): Promise<Record<string, string>>;
  /** The provider refused the grant: switched off until the owner authorises again. */
  needsReauthorisation(): Promise<void>;
  /**
   * Changes readable settings the target itself moved (Telegram's group upgraded to a
   * supergroup has a new chat id): the keys given are set, the others kept.
   */
  updateSettings(changes: Record<string, string>): Promise<void>;
}

/**
 * What a try came to:
 * - `delivered`: the target confirmed (any remote id it gave is kept);
 * - `retry`: may succeed later (network, time-out, 5xx, rate limit), after `retryAfterMs`
 *   when the target said so;
 * - `failed`: cannot succeed as it is (400/401/403/404/422, a refused address); `disable`
 *   when the target said it is gone for good (a webhook answering 410);
 * - `skipped`: the lead is not for this target (a mailing list and a lead without an
 *   e-mail address): nothing was sent, nothing is retried, and the target is not failing.
 */
export type SendOutcome =
  | { kind: "delivered"; statusCode: number | null; remoteId: string | null; response: string }
  | { kind: "retry"; statusCode: number | null; error: string; retryAfterMs: number | null }
  | { kind: "failed"; statusCode: number | null; error: string; disable: boolean }
  | { kind: "skipped"; statusCode: null; error: string };

/**
 * How a retried create stays single at a target (docs/delivery.md, "Exactly once at the
 * target"):
 * - `idempotent`: sending the same lead again changes nothing there (an upsert by e-mail or by
 *   our id, an idempotency key, a receiver that dedupes by the webhook-id);
 * - `lookup`: `findExisting` looks for the record of this lead (by our id or a search) before
 *   a retry creates it again;
 * - `none`: the service offers no way to tell; the retry is as safe as its API allows, and
 *   docs/delivery.md says so.
 */
export type RetrySafety = "idempotent" | "lookup" | "none";

export interface DeliveryAdapter {
  readonly retrySafety: RetrySafety;
  send(request: SendRequest): Promise<SendOutcome>;
  /**
   * With `retrySafety: "lookup"`: the record an earlier try of this lead made, as a
   * `delivered` outcome (its remote id), or null when there is none; a `retry` or `failed`
   * outcome when the lookup itself could not be made (then nothing is created).
   */
  findExisting?(request: SendRequest): Promise<SendOutcome | null>;
}
