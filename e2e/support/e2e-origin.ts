/**
 * Where the browser tests reach the product: `E2E_PORT` (default 3100) on localhost, so
 * that two checkouts can run their browser tests on one machine at the same time.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;
/**
 * The visitor origin of the product under test: the server's default VISITOR_URL beside
 * PUBLIC_URL `localhost`, the same port on `127.0.0.1` (docs/adr/0016-visitor-origin.md).
 * Quiz pages, landings, profiles and embed.js live here; the owner app never does.
 */
export const E2E_VISITOR_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
