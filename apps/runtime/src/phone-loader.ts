/** The phone checker (the engine's reader of libphonenumber-js's metadata) is a chunk of its own, fetched once the visitor
 * starts a quiz with a phone field, with the metadata of the quiz country's zone; the
 * metadata of another zone comes when a number of that zone is typed (docs/adr/0007). */
export type PhoneApi = typeof import("./phone");

let loading: Promise<PhoneApi> | null = null;

export function loadPhone(): Promise<PhoneApi> {
  loading =
    loading ??
    import("./phone").catch((error: unknown) => {
      loading = null; // offline: the next call tries again
      throw error;
    });
  return loading;
}

/** Fetches the checker and the default country's metadata in the background. */
export function preloadPhone(language: string): void {
  void loadPhone()
    .then((phone) => phone.preparePhone("", phone.defaultCountryFor(language)))
    .catch(() => undefined);
}
