import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireAdmin } from './auth/RequireAdmin';

/*
 * The admin app's routes: the sign-in page and the panels, under a lazily loaded layout that mounts
 * the auth provider. Nothing here is imported statically by a public page, so visitors never
 * download admin code (tests/build/bundle.test.ts checks it).
 */
const AuthLayout = lazy(() => import('./auth/AuthLayout'));
const LoginPage = lazy(() => import('./auth/LoginPage'));
const AdminPage = lazy(() => import('./AdminPage'));
const WorkAdminPage = lazy(() => import('./work/WorkAdminPage'));

const page = (Component: ComponentType) => <Component />;

export const adminRoutes: RouteObject = {
  element: page(AuthLayout),
  children: [
    { path: 'login', element: page(LoginPage) },
    {
      element: <RequireAdmin />,
      children: [
        { path: 'blog-admin', element: page(AdminPage) },
        { path: 'work-admin', element: page(WorkAdminPage) },
      ],
    },
  ],
};
