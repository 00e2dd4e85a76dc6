import { Button, Loader, Menu, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCurrentUser } from "../../shared/api/user-queries";
import { paths } from "../paths";

/** The header's account menu: shows the user's e-mail; settings and logout inside. */
export function UserMenu() {
  const { t } = useTranslation();
  const { data: user, isPending } = useCurrentUser();
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          data-testid="user-menu"
          aria-label={t("layout:userMenu.label")}
          rightSection={isPending ? <Loader size="xs" /> : undefined}
          maw={260}
        >
          <Text truncate="end" size="sm" fw={500}>
            {user?.email ?? ""}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
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
