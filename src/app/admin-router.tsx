import { useEffect } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { adminRoutesWith } from '@/admin/panel/routes';
import { useHeldLocation } from '@/shared/layout/location-hold';
import { RootLayout } from '@/shared/layout/RootLayout';
import { RouteBoundary } from '@/shared/layout/RouteBoundary';
import { PageSpinner } from '@/shared/ui/spinner';
import { previewRoutes } from './preview-routes';

/**
 * Any address that is not the admin's is the site's: the browser loads it (the host answers it with
 * its prerendered page or the site's app), as a link from the admin to the home page does.
 */
function SiteAddress() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.assign(pathname + search + hash);
  }, [pathname, search, hash]);
  return <PageSpinner />;
}

/*
 * The admin app's route table (admin.html, admin-main.tsx): the sign-in page and the panels under
 * the frame every page shares, the previews of the admin's forms (site pages, so they meet here in
 * the composition root: preview-routes.tsx) behind the same sign-in, and every other address handed
 * to the site.
 */
export const adminAppRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [{ element: <RouteBoundary />, children: [adminRoutesWith(previewRoutes), { path: '*', element: <SiteAddress /> }] }],
  },
];

/** The admin's route table in whichever router the caller provides; a location on hold is shown in place of the router's. */
export function AdminAppRoutes() {
  const location = useLocation();
  return useRoutes(adminAppRoutes, useHeldLocation() ?? location);
}
