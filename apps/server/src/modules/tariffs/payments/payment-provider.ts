import type { IncomingHttpHeaders } from "node:http";

/** A payment a provider confirmed: what to credit, once per `reference`. */
export interface ConfirmedPayment {
  /** The provider's payment id, prefixed by the provider (`stripe:cs_…`, `paypal:5O1…`). */
  reference: string;
  userId: number;
  cents: number;
  /** The tariff it pays, bought with the credited money right away. */
  tariffId?: number | undefined;
}

/** A notification as it arrived: the raw bytes, which the signature covers. */
export interface ProviderNotification {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * Payment providers behind one interface (docs/money.md "Payments"). A provider makes the
 * page where the owner pays; its confirmed payment credits the balance once per payment id.
 */
export interface PaymentProvider {
  /** The API's provider number (`tarifflinks/?provider=`). */
  id: number;
  /** The payment page for `cents`, paid by `userId` (for `tariffId`, when it pays one). */
  paymentLink(payment: {
    userId: number;
    cents: number;
    tariffId?: number;
    /** What the payer sees on the provider's page. */
    description: string;
  }): Promise<string>;
  /**
   * Verifies a signed notification (`POST payments/{provider}/webhook/`): the payment it
   * confirms, or null when it confirms none (another event). Throws an AppError 401 for a
   * notification that is not the provider's, 503 when the provider cannot be asked.
   */
  notification?(notification: ProviderNotification): Promise<ConfirmedPayment | null>;
  /**
   * The payer's browser coming back from the provider's page (`GET
   * payments/{provider}/return/`), e.g. PayPal's approved order to capture.
   */
  returned?(query: Record<string, string>): Promise<ConfirmedPayment | null>;
}
