import { lazy, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { RootLayout } from '@/shared/layout/RootLayout';
import { RouteBoundary } from '@/shared/layout/RouteBoundary';
import { PublicLayout } from './layout/PublicLayout';

/*
 * The public site's routes, each page a lazily loaded chunk (pages export their component as
 * `default`). The same table renders in the browser (src/app/router.tsx puts it under the frame
 * every page shares; the admin is an app of its own) and when the pages are prerendered
 * (entry-server.tsx).
 */
const LandingPage = lazy(() => import('./pages/landing/LandingPage'));
const BlogListPage = lazy(() => import('./pages/blog/BlogListPage'));
const BlogPostPage = lazy(() => import('./pages/blog/BlogPostPage'));
const ProjectPage = lazy(() => import('./pages/projects/ProjectPage'));
const ResourcesPage = lazy(() => import('./pages/resources/ResourcesPage'));
const ManageBookingPage = lazy(() => import('./pages/booking/ManageBookingPage'));
const NewsletterConfirmPage = lazy(() => import('./pages/newsletter/NewsletterConfirmPage'));
const NewsletterUnsubscribePage = lazy(() => import('./pages/newsletter/NewsletterUnsubscribePage'));
const DataRequestPage = lazy(() => import('./pages/data-requests/DataRequestPage'));
const DataRequestConfirmPage = lazy(() => import('./pages/data-requests/DataRequestConfirmPage'));
const PrivacyPage = lazy(() => import('./pages/privacy/PrivacyPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

const page = (Component: ComponentType) => <Component />;

/** Public pages inside the site header and footer; a page error renders inside the frame. */
export const siteRoutes: RouteObject = {
  element: <PublicLayout />,
  children: [
    {
      element: <RouteBoundary />,
      children: [
        { index: true, element: page(LandingPage) },
        // the listing's pages are paths (a static host serves each as a file); they have more
        // segments than a post, so a post whose slug is 'page' or 'category' still opens
        { path: 'blog', element: page(BlogListPage) },
        { path: 'blog/page/:page', element: page(BlogListPage) },
        { path: 'blog/category/:category', element: page(BlogListPage) },
        { path: 'blog/category/:category/page/:page', element: page(BlogListPage) },
        { path: 'blog/:slug', element: page(BlogPostPage) },
        { path: 'project/:slug', element: page(ProjectPage) },
        { path: 'resources', element: page(ResourcesPage) },
        { path: 'resources/:slug', element: page(ResourcesPage) },
        // the privacy notice (PRIVACY_NOTICE_PATH), prerendered
        { path: 'poveritelnost', element: page(PrivacyPage) },
        // the private link of a booking's e-mails: rendered by the app only, never prerendered
        { path: 'booking/:token', element: page(ManageBookingPage) },
        // the newsletter e-mails' links (the database writes them; app only, never prerendered)
        { path: 'newsletter/confirm/:token', element: page(NewsletterConfirmPage) },
        { path: 'newsletter/unsubscribe/:token', element: page(NewsletterUnsubscribePage) },
        // where a person asks about their data (prerendered), and its e-mailed link (app only, never prerendered)
        { path: 'lichni-danni', element: page(DataRequestPage) },
        { path: 'lichni-danni/potvardi/:token', element: page(DataRequestConfirmPage) },
        { path: '*', element: page(NotFoundPage) },
      ],
    },
  ],
};

/** The site's pages in the frame every page shares, for prerendering (inside a StaticRouter). */
export function SitePageRoutes() {
  return useRoutes([{ path: '/', element: <RootLayout />, children: [{ element: <RouteBoundary />, children: [siteRoutes] }] }]);
}
