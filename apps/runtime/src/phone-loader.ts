/** The phone checker is the largest part of the runtime (libphonenumber-js metadata): it
 * is a chunk of its own, fetched once the visitor starts the quiz, not before first paint. */
export type PhoneApi = typeof import("./phone");

let loading: Promise<PhoneApi> | null = null;

export function loadPhone(): Promise<PhoneApi> {
  loading = loading ?? import("./phone");
  return loading;
}
