import type { CredentialTargetName, OAuthProviderName } from "@leadquiz/contract";

/** Every target an owner can connect on the tab. */
export type TargetName =
  | "email"
  | "telegram"
  | "webhook"
  | CredentialTargetName
  | OAuthProviderName;

export type TargetGroupName = "notifications" | "crm" | "mailing";

/**
 * The gallery's groups, in the order of the spec's section 3 (messages to the owner first,
 * then CRMs, then mailing lists; docs/integrations-tab.md).
 */
export const targetGroups: readonly { name: TargetGroupName; targets: readonly TargetName[] }[] = [
  { name: "notifications", targets: ["email", "telegram", "webhook"] },
  {
    name: "crm",
    targets: ["bitrix24", "keycrm", "pipedrive", "salesdrive", "hubspot", "salesforce", "zoho"],
  },
  { name: "mailing", targets: ["getresponse", "mailchimp", "sendpulse"] },
];

/** Targets that take several records per quiz (more addresses, more webhooks). */
export const multipleTargets: ReadonlySet<TargetName> = new Set(["email", "webhook"]);

const groupOf = new Map(
  targetGroups.flatMap((group) => group.targets.map((target) => [target, group.name] as const)),
);

export function targetGroup(target: TargetName): TargetGroupName {
  return groupOf.get(target) ?? "notifications";
}

/** Where a target stands in the gallery: connections are listed in the same order. */
const rank = new Map(targetGroups.flatMap((group) => group.targets).map((t, i) => [t, i]));

/** Connections in the gallery's order (stable for several records of one target). */
export function inCatalogOrder<T extends { target: TargetName }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (rank.get(a.target) ?? 0) - (rank.get(b.target) ?? 0));
}

export interface GalleryTile {
  target: TargetName;
  connected: boolean;
}

/** The gallery's groups with, on each tile, whether the quiz already has that target. */
export function galleryGroups(connected: ReadonlySet<TargetName>) {
  return targetGroups.map((group) => ({
    name: group.name,
    tiles: group.targets.map(
      (target): GalleryTile => ({ target, connected: connected.has(target) }),
    ),
  }));
}
