import {
  type IntegrationGroupName,
  type IntegrationTargetKey,
  integrationTargetKeys,
  targetDescriptor,
} from "@leadquiz/contract";

/** Every target an owner can connect on the tab: the registry's, but REST hooks. */
export type TargetName = Exclude<IntegrationTargetKey, "hook">;

export type TargetGroupName = IntegrationGroupName;

const groupNames: readonly TargetGroupName[] = ["notifications", "crm", "mailing"];

/**
 * The gallery's groups, in the order of the spec's section 3 (messages to the owner first,
 * then CRMs, then mailing lists; docs/integrations-tab.md), each with its targets in the
 * order of packages/contract `integrationTargets`.
 */
export const targetGroups: readonly { name: TargetGroupName; targets: readonly TargetName[] }[] =
  groupNames.map((name) => ({
    name,
    targets: integrationTargetKeys.filter(
      (key): key is TargetName => targetDescriptor(key).group === name,
    ),
  }));

/** Targets that take several records per quiz (more addresses, more webhooks). */
export const multipleTargets: ReadonlySet<TargetName> = new Set(
  integrationTargetKeys.filter((key): key is TargetName =>
    ["email", "webhook"].includes(targetDescriptor(key).connect.kind),
  ),
);

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
