import type { blogPanel, workPanel } from '../navigation/addresses';

/*
 * The three roles of the team and what each may open, as the database decides it (migration
 * 20261129000600_roles.sql: private.writes_content, sees_visitors, is_admin). The panel asks this
 * to show a role only its sections, and to lead an administrator or consultant to the second
 * factor before the sections with visitors' personal data: the database refuses them at aal1
 * anyway, this only says so before anyone presses anything.
 */

export const STAFF_ROLES = ['admin', 'consultant', 'author'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles' names, as the 'Потребители' tab shows them. */
export const ROLE_NAMES: Record<StaffRole, string> = {
  admin: 'Администратор',
  consultant: 'Консултант',
  author: 'Автор',
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** The signed-in person's role; one the panel does not know is given the least: an author's. */
export const roleOf = (blogUser: { role: string } | null | undefined): StaffRole => (isStaffRole(blogUser?.role) ? blogUser.role : 'author');

/** A section of the admin: a tab of either panel. */
export type Section = (typeof blogPanel.tabs)[number] | (typeof workPanel.tabs)[number];

interface Rule {
  roles: readonly StaffRole[];
  /** Whether it holds visitors' personal data, people or settings: then only an aal2 session opens it. */
  secondFactor: boolean;
}

const WRITERS = ['admin', 'author'] as const;
const CONSULTING = ['admin', 'consultant'] as const;
const ADMINS = ['admin'] as const;

const RULES: Record<Section, Rule> = {
  posts: { roles: WRITERS, secondFactor: false },
  clients: { roles: WRITERS, secondFactor: false },
  bin: { roles: WRITERS, secondFactor: false },
  projects: { roles: WRITERS, secondFactor: false },
  categories: { roles: WRITERS, secondFactor: false },
  calendar: { roles: CONSULTING, secondFactor: true },
  inquiries: { roles: CONSULTING, secondFactor: true },
  bookings: { roles: CONSULTING, secondFactor: true },
  contacts: { roles: CONSULTING, secondFactor: true },
  'data-requests': { roles: CONSULTING, secondFactor: true },
  // the owner's figures: aggregates of visits, leads and won EUR (the database's insights_* functions, is_admin())
  dashboard: { roles: ADMINS, secondFactor: true },
  users: { roles: ADMINS, secondFactor: true },
  subscribers: { roles: ADMINS, secondFactor: true },
  audit: { roles: ADMINS, secondFactor: true },
  privacy: { roles: ADMINS, secondFactor: true },
};

/** Whether a session of this role may open a section: at once, after its second factor, or never. */
export type Access = 'open' | 'second-factor' | 'other-role';

export function accessTo(section: Section, role: StaffRole, assurance: string): Access {
  const rule = RULES[section];
  if (!rule.roles.includes(role)) return 'other-role';
  return rule.secondFactor && assurance !== 'aal2' ? 'second-factor' : 'open';
}

/** The roles a section is for (the note on a link that leads elsewhere names them). */
export const rolesOf = (section: Section): readonly StaffRole[] => RULES[section].roles;

/** Whether the role works with visitors' personal data, and so must turn the second factor on. */
export const needsSecondFactor = (role: StaffRole): boolean => role !== 'author';

/**
 * Where the role starts in the blog panel: 'Табло' for an administrator (the way to the second
 * factor in its place while the session has none), the posts for an author, the inquiries for a
 * consultant.
 */
export const homeOf = (role: StaffRole): 'dashboard' | 'posts' | 'inquiries' =>
  role === 'admin' ? 'dashboard' : role === 'consultant' ? 'inquiries' : 'posts';

/** Whether the role has anything in the projects panel (/work-admin). */
export const usesWorkPanel = (role: StaffRole): boolean => RULES.projects.roles.includes(role);

/** Whether the role may own a lead (the database's private.serves_visitors): a consultant or an administrator. */
export const ownsLeads = (role: string): boolean => (CONSULTING as readonly string[]).includes(role);

/** Whether this session may send the newsletter to the subscribers: an administrator at aal2 (is_admin()). */
export const sendsNewsletter = (role: StaffRole, assurance: string): boolean => accessTo('subscribers', role, assurance) === 'open';
