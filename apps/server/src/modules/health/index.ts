/** The health module has no service: its only face is its route (registered by api.ts). */
export {};
