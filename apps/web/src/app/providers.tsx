import { namespaces } from "@leadquiz/i18n";
import { MantineProvider, mergeThemeOverrides } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useMemo } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { ServicesProvider } from "@/shared/api/services-context";
import type { AppServices } from "./app-services";
import { cssVariablesResolver, theme } from "./theme";

/**
 * The notifications' container loads after the first paint (its transitions are not needed
 * before a notice shows; one shown earlier waits in the store and appears when it mounts).
 */
const Notifications = lazy(async () => ({
  default: (await import("@mantine/notifications")).Notifications,
}));

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
          <ThemedMantine>
            <Suspense fallback={null}>
              <Notifications position="top-right" />
            </Suspense>
            <QueryClientProvider client={services.queryClient}>
              <ServicesProvider services={services}>{children}</ServicesProvider>
            </QueryClientProvider>
          </ThemedMantine>
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

/** The theme with translated labels of Mantine's own buttons (a notification's close ×). */
function ThemedMantine({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const close = t("dashboard:dialog.close");
  const themed = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Notification: { defaultProps: { closeButtonProps: { "aria-label": close } } },
          Modal: { defaultProps: { closeButtonProps: { "aria-label": close } } },
          Drawer: { defaultProps: { closeButtonProps: { "aria-label": close } } },
        },
      }),
    [close],
  );
  return (
    <MantineProvider
      theme={themed}
      cssVariablesResolver={cssVariablesResolver}
      // The theme's variables must win over the defaults in Mantine's stylesheet, which now
      // loads after them (at the end of <body>, docs/speed.md "Owner app delivery"): a
      // doubled :root outranks the stylesheet's :root rules whatever their order.
      cssVariablesSelector=":root:root"
    >
      {children}
    </MantineProvider>
  );
}
