import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RouteBoundary } from '@/shared/layout/RouteBoundary';
import { previewRoutes as previewAddresses } from '@/shared/preview/preview-paths';

/*
 * The previews of the admin's forms ('Преглед'): site pages (the public page's own article, in the
 * site's layout) behind the admin's sign-in. Neither side may import the other, so they meet here,
 * in the composition root: admin-router.tsx puts these routes under the admin's sign-in guard. The
 * page and the site's frame are chunks of their own, loaded only on these addresses; they are never
 * prerendered, so a static host serves them the admin's app (admin.html, no-cache) and the draft
 * never leaves the browser.
 */
const PreviewPage = lazy(() => import('@/site/pages/preview/PreviewPage'));
// the site's frame too: the admin's app carries no site code until a preview opens
const PublicLayout = lazy(() => import('@/site/layout/PublicLayout').then((m) => ({ default: m.PublicLayout })));

export const previewRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      {
        element: <RouteBoundary />,
        children: [
          { path: previewAddresses.post.route, element: <PreviewPage kind="post" /> },
          { path: previewAddresses.project.route, element: <PreviewPage kind="project" /> },
          { path: previewAddresses.privacy.route, element: <PreviewPage kind="privacy" /> },
        ],
      },
    ],
  },
];
