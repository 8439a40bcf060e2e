import type { ReactNode } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { NavProvider, type Nav } from './nav';

/** The app's navigation (src/shared/layout/nav.tsx): the router's links, location and navigate. */
export const routerNav: Nav = {
  Link: RouterLink,
  useLocation,
  useNavigate: () => {
    const navigate = useNavigate();
    return (to: string) => void navigate(to);
  },
};

/** The app's navigation for what it wraps, or for the nested routes (as a layout route's element). */
export function RouterNav({ children }: { children?: ReactNode }) {
  return <NavProvider nav={routerNav}>{children ?? <Outlet />}</NavProvider>;
}
