import { namespaces } from "@leadquiz/i18n";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { ServicesProvider } from "@/shared/api/services-context";
import type { AppServices } from "./app-services";
import { mantineLayer } from "./mantine-chunk";

/** Mantine's provider, from the chunk asked for as the app boots (mantine-chunk.ts). */
const MantineLayer = lazy(async () => ({ default: (await mantineLayer).MantineLayer }));

/** Every provider the pages need; tests use it with their own services. */
export function AppProviders({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={services.i18n}>
      {/* Nothing shows before the dictionaries: a page without its words is worse than a blank. */}
      <Suspense fallback={null}>
        <DictionariesGate>
          <MantineLayer>
            <QueryClientProvider client={services.queryClient}>
              <ServicesProvider services={services}>{children}</ServicesProvider>
            </QueryClientProvider>
          </MantineLayer>
        </DictionariesGate>
      </Suspense>
    </I18nextProvider>
  );
}

/**
 * Suspends until every namespace of the interface language is loaded (the dictionaries come
 * as separate chunks, shared/i18n/lazy-dictionaries.ts); components then read any
 * `namespace:key` without loading states. A language switch loads the new dictionaries
 * before it takes effect (i18next's changeLanguage).
 */
function DictionariesGate({ children }: { children: ReactNode }) {
  useTranslation([...namespaces]);
  return children;
}
