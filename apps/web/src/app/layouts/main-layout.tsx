import { AppShell, Burger, Group } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { ProfileLanguageSwitch } from "@/shared/i18n/profile-language-switch";
import { PageLoader } from "@/shared/ui/page-loader";
import { VerifyEmailBanner } from "../../features/auth/components/verify-email-banner";
import { TariffExpiredBanner } from "../../features/tariffs/components/tariff-expired-banner";
import { Brand } from "./brand";
import { MainNavbar } from "./main-navbar";
import { UserMenu } from "./user-menu";

/** The signed-in frame: header (brand, language, account) and the main menu. */
export function MainLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  // Below the `xs` breakpoint (36em) the switch shows the language code only.
  const phone = useMediaQuery("(max-width: 36em)", false, { getInitialValueInEffect: false });
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t("layout:header.toggleMenu")}
            />
            <Brand />
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <ProfileLanguageSwitch compact={phone} />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <MainNavbar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <VerifyEmailBanner />
        <TariffExpiredBanner />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
