import { Avatar, Button, Loader, Menu, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCurrentUser } from "@/shared/api/user-queries";
import { paths } from "@/shared/routing/paths";

/**
 * The header's account menu: shows the user's e-mail (compact: its first letter, the
 * e-mail heads the menu); settings and logout inside.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { data: user, isPending } = useCurrentUser();
  const email = user?.email ?? "";
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        {compact ? (
          <Button
            variant="subtle"
            color="gray"
            px={4}
            data-testid="user-menu"
            aria-label={`${t("layout:userMenu.label")}: ${email}`}
          >
            <Avatar size={28} color="indigo" radius="xl">
              {email.slice(0, 1).toUpperCase()}
            </Avatar>
          </Button>
        ) : (
          <Button
            variant="subtle"
            color="gray"
            data-testid="user-menu"
            aria-label={`${email} · ${t("layout:userMenu.label")}`}
            rightSection={isPending ? <Loader size="xs" /> : undefined}
            maw={{ base: 150, xs: 260 }}
            px={{ base: 6, xs: "md" }}
          >
            <Text truncate="end" size="sm" fw={500}>
              {email}
            </Text>
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        {compact && <Menu.Label data-testid="user-menu-email">{email}</Menu.Label>}
        <Menu.Item component={Link} to={paths.settings()} data-testid="user-menu-settings">
          {t("layout:nav.settings")}
        </Menu.Item>
        <Menu.Item component={Link} to={paths.logout()} color="red" data-testid="user-menu-logout">
          {t("layout:nav.logout")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
