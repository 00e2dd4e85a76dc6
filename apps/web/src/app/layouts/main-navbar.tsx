import { Divider, NavLink, ScrollArea, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { paths } from "@/shared/routing/paths";
import { MenuLink } from "./menu-link";

/** The main menu: every entry and submenu of docs/product.md "Pages and menus". */
export function MainNavbar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const link = (to: string, key: string, testId: string, end = true) => (
    <MenuLink
      to={to}
      end={end}
      label={t(key)}
      onNavigate={onNavigate}
      data-testid={`nav-${testId}`}
    />
  );
  const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

  return (
    <Stack
      justify="space-between"
      h="100%"
      gap={0}
      component="nav"
      aria-label={t("layout:nav.label")}
    >
      <ScrollArea style={{ flex: 1 }} type="auto">
        {link(paths.home(), "layout:nav.dashboard", "dashboard")}
        {link(paths.leads(), "layout:nav.leads", "leads")}
        {link(paths.referralSystem(), "layout:nav.referralSystem", "referral-system")}
        <NavLink
          label={t("layout:nav.balance")}
          defaultOpened={under(paths.balance())}
          active={under(paths.balance())}
          variant="subtle"
          data-testid="nav-balance"
        >
          {link(paths.balancePay(), "layout:nav.pay", "balance-pay")}
          {link(paths.balanceMyRate(), "layout:nav.myRate", "balance-my-rate")}
        </NavLink>
        <NavLink
          label={t("layout:nav.courses")}
          defaultOpened={under(paths.courses())}
          active={under(paths.courses())}
          variant="subtle"
          data-testid="nav-courses"
        >
          {link(paths.course(), "layout:nav.course", "course")}
          <NavLink
            label={t("layout:nav.profileGroup")}
            defaultOpened={under(paths.coursesProfile())}
            active={under(paths.coursesProfile())}
            variant="subtle"
            data-testid="nav-courses-profile-group"
          >
            {link(paths.coursesProfile(), "layout:nav.profile", "courses-profile")}
            {link(paths.coursesPortfolio(), "layout:nav.portfolio", "courses-portfolio")}
            {link(paths.coursesRating(), "layout:nav.rating", "courses-rating")}
          </NavLink>
        </NavLink>
        {link(paths.certificate(), "layout:nav.certificate", "certificate")}
        {link(paths.support(), "layout:nav.support", "support")}
        {link(paths.review(), "layout:nav.review", "review")}
        {link(paths.settings(), "layout:nav.settings", "settings")}
      </ScrollArea>
      <Divider my="xs" />
      {link(paths.logout(), "layout:nav.logout", "logout")}
    </Stack>
  );
}
