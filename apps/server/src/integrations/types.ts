/**
 * What every delivery adapter receives and answers (docs/delivery.md). Adapters know no
 * module: the delivery module builds the lead and reads the outcome.
 */

/** The lead as targets get it: texts of the version the visitor answered. */
export interface DeliveryLead {
  id: number;
  created_at: string;
  quiz: { id: number; title: string };
  name: string;
  email: string;
  phone: string;
  messengers: Record<string, string>;
  other: string;
  other2: string;
  answers: { question: string; answer: string }[];
  results: { title: string; value: string | number | null; unit: string | null }[];
  extra: Record<string, string>;
  utm: Record<string, string>;
  page_url: string;
  referrer: string;
}

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

export interface DeliveryAdapter {
  send(request: SendRequest): Promise<SendOutcome>;
}
