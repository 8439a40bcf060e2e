import { CalendarCheck, CalendarDays, FileText, FolderKanban, Building2, Inbox, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClasses } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './kit/tabs';
import { errorMessage } from '@/shared/db/errors';
import { usePageMeta } from '@/shared/layout/seo';
import { useStorageCheck } from './kit/api';
import { CalendarTab } from './calendar/CalendarTab';
import { ClientsTab } from './clients/ClientsTab';
import { AdminFrame } from './kit/AdminFrame';
import { ErrorCard } from './kit/ErrorCard';
import { LogoutButton } from './kit/LogoutButton';
import { BookingsTab } from './inbox/BookingsTab';
import { InquiriesTab } from './inbox/InquiriesTab';
import { NewCountBadge } from './inbox/NewCountBadge';
import { PostsTab } from './posts/PostsTab';
import { UsersTab } from './users/UsersTab';

const TABS = ['posts', 'users', 'clients', 'calendar', 'inquiries', 'bookings'] as const;
type TabId = (typeof TABS)[number];

const isTab = (value: string | null): value is TabId => TABS.includes(value as TabId);

const PANELS: Record<TabId, () => ReactNode> = {
  posts: () => <PostsTab />,
  users: () => <UsersTab />,
  clients: () => <ClientsTab />,
  calendar: () => <CalendarTab />,
  inquiries: () => <InquiriesTab />,
  bookings: () => <BookingsTab />,
};

/** /blog-admin: 'Администраторски панел' (spec section 2). */
export default function AdminPage() {
  usePageMeta({ title: 'Администраторски панел', noIndex: true });
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = isTab(requested) ? requested : 'posts';
  const storage = useStorageCheck();
  // tabs are mounted on their first visit and then kept (their queries too), never all at once
  const [visited, setVisited] = useState<ReadonlySet<TabId>>(() => new Set([tab]));
  if (!visited.has(tab)) setVisited(new Set(visited).add(tab));

  const actions = (
    <>
      <Link to="/work-admin" className={buttonClasses({ variant: 'outline' })}>
        <FolderKanban aria-hidden="true" />
        Управление на проекти
      </Link>
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
          <Tabs
            value={tab}
            onValueChange={(value) => {
              const next = new URLSearchParams(params);
              if (value === 'posts') next.delete('tab');
              else next.set('tab', value);
              setParams(next, { replace: true });
            }}
          >
            <TabsList aria-label="Раздели на панела">
              <TabsTrigger value="posts">
                <FileText aria-hidden="true" />
                Публикации
              </TabsTrigger>
              <TabsTrigger value="users">
                <Users aria-hidden="true" />
                Потребители
              </TabsTrigger>
              <TabsTrigger value="clients">
                <Building2 aria-hidden="true" />
                Клиенти
              </TabsTrigger>
              <TabsTrigger value="calendar">
                <CalendarDays aria-hidden="true" />
                Календар
              </TabsTrigger>
              <TabsTrigger value="inquiries">
                <Inbox aria-hidden="true" />
                Запитвания
                <NewCountBadge kind="inquiries" />
              </TabsTrigger>
              <TabsTrigger value="bookings">
                <CalendarCheck aria-hidden="true" />
                Резервации
                <NewCountBadge kind="bookings" />
              </TabsTrigger>
            </TabsList>
            {TABS.map(
              (id) =>
                visited.has(id) && (
                  // a visited tab stays mounted while hidden, so a half-written form survives a look elsewhere
                  <TabsContent key={id} value={id} forceMount hidden={tab !== id} className="data-[state=inactive]:hidden">
                    {PANELS[id]()}
                  </TabsContent>
                ),
            )}
          </Tabs>
        </>
      )}
    </AdminFrame>
  );
}
