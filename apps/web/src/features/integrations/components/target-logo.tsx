import { Avatar } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type TargetName, targetGroup } from "../catalog";

const groupColors = { notifications: "indigo", crm: "teal", mailing: "orange" } as const;

/** Up to two capitals of a service's name ("HubSpot" → "HS", "Bitrix24" → "B"). */
export function initials(name: string): string {
  const capitals = name.match(/\p{Lu}/gu) ?? [];
  return (capitals.length > 0 ? capitals.slice(0, 2).join("") : name.slice(0, 1)).toUpperCase();
}

/** A target's mark: its initials on its group's colour (decorative; the name is beside it). */
export function TargetLogo({ target, size = 40 }: { target: TargetName; size?: number }) {
  const { t } = useTranslation();
  return (
    <Avatar
      size={size}
      radius="md"
      variant="light"
      color={groupColors[targetGroup(target)]}
      aria-hidden
    >
      {initials(t(`integrations:targets.${target}`))}
    </Avatar>
  );
}
