/**
 * Where the browser tests reach the product: `E2E_PORT` (default 3100) on localhost, so
 * that two checkouts can run their browser tests on one machine at the same time.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;
