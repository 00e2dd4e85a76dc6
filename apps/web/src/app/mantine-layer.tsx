import { MantineProvider, mergeThemeOverrides } from "@mantine/core";
import { lazy, type ReactNode, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { cssVariablesResolver, theme } from "./theme";

export { RouteErrorPage } from "../features/errors/route-error-page";

/**
 * The notifications' container loads after the first paint (its transitions are not needed
 * before a notice shows; one shown earlier waits in the store and appears when it mounts).
 */
const Notifications = lazy(async () => ({
  default: (await import("@mantine/notifications")).Notifications,
}));

/**
 * Mantine's provider with the theme and translated labels of Mantine's own buttons (a
 * notification's close ×). A chunk of its own, loaded beside the app's first script: the
 * first script holds no Mantine code, so every component of Mantine can share one chunk
 * (docs/speed.md "Owner app delivery").
 */
export function MantineLayer({ children }: { children: ReactNode }) {
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
      <Suspense fallback={null}>
        <Notifications position="top-right" />
      </Suspense>
      {children}
    </MantineProvider>
  );
}
