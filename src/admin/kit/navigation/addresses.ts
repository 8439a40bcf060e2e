import type { PanelShape } from './panel-address';

/*
 * Where everything in the admin lives. The two panels and their tabs; the record forms are under
 * the tabs that edit records (kit/navigation/panel-address.ts has the scheme).
 */

export const blogPanel = {
  base: '/blog-admin',
  tabs: ['dashboard', 'posts', 'users', 'clients', 'calendar', 'inquiries', 'bookings', 'contacts', 'data-requests', 'subscribers', 'bin', 'audit', 'privacy'],
  defaultTab: 'posts',
  recordTabs: ['posts', 'users', 'clients', 'contacts'],
} as const satisfies PanelShape;

export const workPanel = {
  base: '/work-admin',
  tabs: ['projects', 'categories'],
  defaultTab: 'projects',
  recordTabs: ['projects'],
} as const satisfies PanelShape;

/** The path of each tab (a list tab's records are under it). */
export const adminPaths = {
  dashboard: '/blog-admin/dashboard',
  posts: '/blog-admin/posts',
  users: '/blog-admin/users',
  clients: '/blog-admin/clients',
  calendar: '/blog-admin/calendar',
  inquiries: '/blog-admin/inquiries',
  bookings: '/blog-admin/bookings',
  contacts: '/blog-admin/contacts',
  'data-requests': '/blog-admin/data-requests',
  subscribers: '/blog-admin/subscribers',
  bin: '/blog-admin/bin',
  audit: '/blog-admin/audit',
  privacy: '/blog-admin/privacy',
  projects: '/work-admin/projects',
  categories: '/work-admin/categories',
} as const;

/** Each tab's name, as its trigger and every note that points to it say it. */
export const tabNames = {
  dashboard: 'Табло',
  posts: 'Публикации',
  users: 'Потребители',
  clients: 'Клиенти',
  calendar: 'Календар',
  inquiries: 'Запитвания',
  bookings: 'Резервации',
  contacts: 'Контакти',
  'data-requests': 'Заявки за лични данни',
  subscribers: 'Абонати',
  bin: 'Кошче',
  audit: 'Одит',
  privacy: 'Поверителност',
  projects: 'Проекти',
  categories: 'Категории',
} as const satisfies Record<keyof typeof adminPaths, string>;

/** Whether `path` is an address of one of the panels (where sign-in may send the admin back to). */
export function isPanelPath(path: string): boolean {
  return [blogPanel.base, workPanel.base].some((base) => path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}?`));
}
