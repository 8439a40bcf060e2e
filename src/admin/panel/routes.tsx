import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { lazyPart } from '../kit/ui/lazy-part';

/*
 * The admin app's routes: the sign-in page and the panels, under a lazily loaded layout that mounts
 * the auth provider. This table is the one admin module the app shell carries, so everything it
 * names is loaded lazily: visitors never download admin code (tests/build/bundle.test.ts checks it).
 */
const AuthLayout = lazy(() => import('./AuthLayout'));
const LoginPage = lazy(() => import('../login/LoginPage'));
// the pages the auth e-mails link to: a password reset and an invitation
const PasswordPage = lazy(() => import('../login/PasswordPage'));
// what comes after signing in: lazy parts, which render at once when their code is already here
// (AuthLayout fetches it while 'Вход' is being answered), without a round through the spinner
const AdminPage = lazyPart(() => import('./AdminPage').then((m) => m.default));
const WorkAdminPage = lazyPart(() => import('./WorkAdminPage').then((m) => m.default));
const RequireAdmin = lazyPart(() => import('./RequireAdmin').then((m) => m.RequireAdmin));

const page = (Component: ComponentType) => <Component />;

/**
 * The admin's routes. `signedIn` are more routes behind the same sign-in that the composition root
 * adds: the previews, which render site pages this table may not name (src/app/preview-routes.tsx).
 */
export function adminRoutesWith(signedIn: RouteObject[]): RouteObject {
  return {
    element: page(AuthLayout),
    children: [
      { path: 'login', element: page(LoginPage) },
      { path: 'login/nova-parola', element: <PasswordPage kind="recovery" /> },
      { path: 'login/pokana', element: <PasswordPage kind="invite" /> },
      {
        element: page(RequireAdmin),
        children: [
          // each panel owns the addresses below it: its tabs and their records (addresses.ts); one
          // element for all of them keeps the visited tabs mounted while the address moves between them
          { path: 'blog-admin/*', element: page(AdminPage) },
          { path: 'work-admin/*', element: page(WorkAdminPage) },
          ...signedIn,
        ],
      },
    ],
  };
}
