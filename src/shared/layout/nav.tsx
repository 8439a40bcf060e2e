import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType, type ReactNode } from 'react';

/*
 * Links and navigation for the components that are islands of the prerendered pages as well as
 * parts of the app (the header, the work grid, the blog's sidebar and search, the resources'
 * arrows). In the app they use the router (src/shared/layout/router-nav.tsx, provided by the root layout);
 * in an island there is no router — the page around it is static HTML — so a link is a plain
 * link and navigating loads the page, which is prerendered HTML again. This keeps the router out
 * of what a prerendered page loads.
 */

export interface NavLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface NavLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

export interface Nav {
  Link: ComponentType<NavLinkProps>;
  /** Hooks, called as hooks by useNavLocation and useNavigateTo. */
  useLocation: () => NavLocation;
  useNavigate: () => (to: string) => void;
}

const NavContext = createContext<Nav | null>(null);

export function NavProvider({ nav, children }: { nav: Nav; children: ReactNode }) {
  return <NavContext.Provider value={nav}>{children}</NavContext.Provider>;
}

function useNav(): Nav {
  const nav = useContext(NavContext);
  if (!nav) throw new Error('no NavProvider: render inside the app (RootLayout) or an island (IslandShell)');
  return nav;
}

export function Link(props: NavLinkProps) {
  const { Link: Impl } = useNav();
  return <Impl {...props} />;
}

export function useNavLocation(): NavLocation {
  return useNav().useLocation();
}

export function useNavigateTo(): (to: string) => void {
  return useNav().useNavigate();
}

function PlainLink({ to, ...rest }: NavLinkProps) {
  return <a href={to} {...rest} />;
}

const loadPage = (to: string) => window.location.assign(to);

/** Navigation by page loads, for islands: the address is fixed for the life of the page. */
export function pageLoadNav(location: NavLocation): Nav {
  return { Link: PlainLink, useLocation: () => location, useNavigate: () => loadPage };
}
