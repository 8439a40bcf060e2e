import { CalendarCheck, CalendarDays, ChartLine, Contact, FileText, FolderKanban, Building2, Inbox, MailCheck, ScrollText, ShieldAlert, ShieldCheck, Trash2, Users } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { errorMessage } from '@/shared/db/errors';
import { useAdminTitle } from '@/admin/kit/ui/page-title';
import { useStorageCheck } from '../kit/data/api';
import { adminPaths, blogPanel, tabNames } from '../kit/navigation/addresses';
import { AdminFrame } from '../kit/navigation/AdminFrame';
import { ErrorCard } from '../kit/ui/ErrorCard';
import { lazyPart } from '../kit/ui/lazy-part';
import { LogoutButton } from '../kit/session/LogoutButton';
import { TwoFactorButton } from '../security/TwoFactorButton';
import { SecondFactorNotice } from '../security/SecondFactorNotice';
import { useAuth } from '../kit/session/auth-context';
import { accessTo, homeOf, roleOf, usesWorkPanel, type StaffRole } from '../kit/session/roles';

import { TabbedPanel, type PanelTab } from '../kit/navigation/TabbedPanel';
import { NewCountBadge } from '../inbox/NewCountBadge';

// Each tab's code comes with its first visit (kit/ui/lazy-part.tsx): signing in to the posts list
// fetches neither the other sections nor an editor (tests/build/admin-weight.test.ts). The tabs'
// names and badges are the panel's own, on screen from the start. 'Табло', an administrator's
// first screen, brings its chart library with it and nothing of it is on the posts list's way.
const DashboardTab = lazyPart(() => import('../dashboard/DashboardTab').then((m) => m.DashboardTab));
const PostsTab = lazyPart(() => import('../posts/PostsTab').then((m) => m.PostsTab));
const UsersTab = lazyPart(() => import('../users/UsersTab').then((m) => m.UsersTab));
const ClientsTab = lazyPart(() => import('../clients/ClientsTab').then((m) => m.ClientsTab));
const CalendarTab = lazyPart(() => import('../calendar/CalendarTab').then((m) => m.CalendarTab));
const InquiriesTab = lazyPart(() => import('../inbox/InquiriesTab').then((m) => m.InquiriesTab));
const BookingsTab = lazyPart(() => import('../inbox/BookingsTab').then((m) => m.BookingsTab));
const ContactsTab = lazyPart(() => import('../contacts/ContactsTab').then((m) => m.ContactsTab));
const DataRequestsTab = lazyPart(() => import('../data-requests/DataRequestsTab').then((m) => m.DataRequestsTab));
const SubscribersTab = lazyPart(() => import('../subscribers/SubscribersTab').then((m) => m.SubscribersTab));
const BinTab = lazyPart(() => import('../bin/BinTab').then((m) => m.BinTab));
const AuditTab = lazyPart(() => import('../audit/AuditTab').then((m) => m.AuditTab));
const PrivacyPanel = lazyPart(() => import('../privacy/PrivacyPanel').then((m) => m.PrivacyPanel));
// what a section shows instead when the role may not open it, or not before the second factor
const SecondFactorLead = lazyPart(() => import('../security/SecondFactorLead').then((m) => m.SecondFactorLead));
const OtherRoleNote = lazyPart(() => import('./OtherRoleNote').then((m) => m.OtherRoleNote));

const TABS: readonly PanelTab<(typeof blogPanel.tabs)[number]>[] = [
  { id: 'dashboard', icon: ChartLine, name: tabNames.dashboard, content: () => <DashboardTab /> },
  { id: 'posts', icon: FileText, name: tabNames.posts, content: () => <PostsTab /> },
  { id: 'users', icon: Users, name: tabNames.users, content: () => <UsersTab /> },
  { id: 'clients', icon: Building2, name: tabNames.clients, content: () => <ClientsTab /> },
  { id: 'calendar', icon: CalendarDays, name: tabNames.calendar, content: () => <CalendarTab /> },
  { id: 'inquiries', icon: Inbox, name: tabNames.inquiries, badge: <NewCountBadge kind="inquiries" />, content: () => <InquiriesTab /> },
  { id: 'bookings', icon: CalendarCheck, name: tabNames.bookings, badge: <NewCountBadge kind="bookings" />, content: () => <BookingsTab /> },
  { id: 'contacts', icon: Contact, name: tabNames.contacts, content: () => <ContactsTab /> },
  { id: 'data-requests', icon: ShieldAlert, name: tabNames['data-requests'], content: () => <DataRequestsTab /> },
  { id: 'subscribers', icon: MailCheck, name: tabNames.subscribers, content: () => <SubscribersTab /> },
  { id: 'bin', icon: Trash2, name: tabNames.bin, content: () => <BinTab /> },
  { id: 'audit', icon: ScrollText, name: tabNames.audit, content: () => <AuditTab /> },
  { id: 'privacy', icon: ShieldCheck, name: tabNames.privacy, content: () => <PrivacyPanel /> },
];

/**
 * The tabs a role has, in the panel's order: each section of another role left out, and one with
 * visitors' data shown as the way to the second factor while the session has none.
 */
function tabsFor(role: StaffRole, assurance: string): PanelTab<(typeof blogPanel.tabs)[number]>[] {
  return TABS.flatMap((tab) => {
    const access = accessTo(tab.id, role, assurance);
    if (access === 'other-role') return [];
    if (access === 'open') return [tab];
    return [{ ...tab, badge: undefined, content: () => <SecondFactorLead role={role} section={tab.name} /> }];
  });
}

/**
 * Fetches the code of the posts list, as signing in does while it waits: an author's first screen
 * (the role is not known yet; an administrator's 'Табло' comes when shown).
 */
export function preloadFirstTab(): Promise<unknown> {
  return PostsTab.preload();
}

/** /blog-admin: 'Администраторски панел'. */
export default function AdminPage() {
  useAdminTitle('Администраторски панел');
  const storage = useStorageCheck();
  const { blogUser, assurance } = useAuth();
  const role = roleOf(blogUser);
  const tabs = useMemo(() => tabsFor(role, assurance), [role, assurance]);
  // the bare panel address opens the role's first section
  const shape = useMemo(() => ({ ...blogPanel, defaultTab: homeOf(role) }), [role]);
  const home = shape.defaultTab;

  const actions = (
    <>
      {usesWorkPanel(role) && (
        <Link to={adminPaths.projects} className={buttonClasses({ variant: 'outline' })}>
          <FolderKanban aria-hidden="true" />
          Управление на проекти
        </Link>
      )}
      <TwoFactorButton />
      <LogoutButton />
    </>
  );

  return (
    <AdminFrame title="Администраторски панел" actions={actions}>
      {storage.isError ? (
        <ErrorCard
          message={errorMessage(storage.error, 'Хранилището за изображения не е достъпно.')}
          onRetry={() => void storage.refetch()}
          retrying={storage.isFetching}
        />
      ) : (
        <>
          {storage.isPending && (
            <p className="mb-4 flex items-center gap-2 text-sm text-slate-600" role="status">
              <Spinner size="sm" label="Проверка на хранилището" />
              Проверка на хранилището за изображения...
            </p>
          )}
          <SecondFactorNotice role={role} assurance={assurance} />
          {/* each visited tab stays mounted (its queries too), never all at once */}
          <TabbedPanel
            shape={shape}
            tabs={tabs}
            label="Раздели на панела"
            elsewhere={(id) => (
              <OtherRoleNote section={id} name={tabNames[id]} role={role} home={adminPaths[home]} homeName={tabNames[home]} />
            )}
          />
        </>
      )}
    </AdminFrame>
  );
}
