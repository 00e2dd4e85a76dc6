import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import classes from "./menu-link.module.css";

interface MenuLinkProps {
  to: string;
  label: ReactNode;
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

/**
 * A navbar entry that is a router link, highlighted (aria-current) while its page is open.
 * Styled as Mantine's NavLink (menu-link.module.css); `mantine-focus-auto` is Mantine's
 * focus ring.
 */
export function MenuLink({ to, label, end = true, onNavigate, ...props }: MenuLinkProps) {
  const location = useLocation();
  const active = isActive(location.pathname, location.search, to, end);
  return (
    <Link
      to={to}
      className={`mantine-focus-auto ${classes.link}`}
      aria-current={active ? "page" : undefined}
      {...(onNavigate && { onClick: onNavigate })}
      {...props}
    >
      <div className={classes.body}>
        <span className={classes.label}>{label}</span>
      </div>
    </Link>
  );
}
