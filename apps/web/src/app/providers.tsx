import { MantineProvider, mergeThemeOverrides } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { ServicesProvider } from "@/shared/api/services-context";
import type { AppServices } from "./app-services";
import { cssVariablesResolver, theme } from "./theme";

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
      <ThemedMantine>
        <Notifications position="top-right" />
        <QueryClientProvider client={services.queryClient}>
          <ServicesProvider services={services}>{children}</ServicesProvider>
        </QueryClientProvider>
      </ThemedMantine>
    </I18nextProvider>
  );
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
        },
      }),
    [close],
  );
  return (
    <MantineProvider theme={themed} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}
