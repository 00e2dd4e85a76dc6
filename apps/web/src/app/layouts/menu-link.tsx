import { NavLink, type NavLinkProps } from "@mantine/core";
import { Link, useLocation } from "react-router";

interface MenuLinkProps extends Omit<NavLinkProps, "active" | "href"> {
  to: string;
  /** Active only on this exact path (default); false: also on its sub-paths. */
  end?: boolean;
  onNavigate?: () => void;
  "data-testid"?: string;
}

function isActive(pathname: string, search: string, to: string, end: boolean): boolean {
  const [toPath = "", toSearch] = to.split("?");
  if (toSearch !== undefined) return pathname === toPath && search === `?${toSearch}`;
  if (end) return pathname === toPath || pathname === `${toPath}/`;
  return pathname === toPath || pathname.startsWith(`${toPath}/`);
}

/** A navbar entry that is a router link, highlighted while its page is open. */
export function MenuLink({ to, end = true, onNavigate, ...props }: MenuLinkProps) {
  const location = useLocation();
  const active = isActive(location.pathname, location.search, to, end);
  return (
    <NavLink
      component={Link}
      to={to}
      active={active}
      aria-current={active ? "page" : undefined}
      {...(onNavigate && { onClick: onNavigate })}
      {...props}
    />
  );
}
