import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RouteBoundary } from '@/shared/layout/RouteBoundary';
import { previewRoutes as previewAddresses } from '@/shared/preview/preview-paths';
import { PublicLayout } from '@/site/layout/PublicLayout';

/*
 * The previews of the admin's forms ('Преглед'): site pages (the public page's own article, in the
 * site's layout) behind the admin's sign-in. Neither side may import the other, so they meet here,
 * in the composition root: router.tsx puts these routes under the admin's sign-in guard. The page
 * is a chunk of its own, loaded only on these addresses; they are never prerendered, so a static
 * host serves them the app shell (spa.html, no-cache) and the draft never leaves the browser.
 */
const PreviewPage = lazy(() => import('@/site/pages/preview/PreviewPage'));

export const previewRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      {
        element: <RouteBoundary />,
        children: [
          { path: previewAddresses.post.route, element: <PreviewPage kind="post" /> },
          { path: previewAddresses.project.route, element: <PreviewPage kind="project" /> },
        ],
      },
    ],
  },
];
