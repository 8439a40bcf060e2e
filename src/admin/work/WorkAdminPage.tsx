import { ArrowLeft, FolderKanban, LogIn, Tags } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuth } from '@/admin/auth/auth-context';
import { buttonClasses } from '@/shared/ui/button';
import { PageSpinner } from '@/shared/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/admin/kit/tabs';
import { usePageMeta } from '@/shared/layout/seo';
import { AdminFrame } from '@/admin/kit/AdminFrame';
import { LogoutButton } from '@/admin/kit/LogoutButton';
import { CategoriesTab } from './CategoriesTab';
import { ProjectsTab } from './ProjectsTab';

const TABS = ['projects', 'categories'] as const;
type TabId = (typeof TABS)[number];
const isTab = (value: string | null): value is TabId => TABS.includes(value as TabId);

export const NO_USER_MESSAGE = 'Моля, влезте в системата, за да управлявате проектите.';

/** /work-admin: 'Управление на Проекти' (spec section 2): projects with galleries, and categories. */
export default function WorkAdminPage() {
  usePageMeta({ title: 'Управление на Проекти', noIndex: true });
  const { user, loading } = useAuth();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = isTab(requested) ? requested : 'projects';

  const back = (
    <Link to="/blog-admin" className={buttonClasses({ variant: 'outline' })}>
      <ArrowLeft aria-hidden="true" />
      Към администраторския панел
    </Link>
  );

  if (loading) return <PageSpinner />;

  if (!user) {
    return (
      <AdminFrame title="Управление на Проекти" actions={back}>
        <div className="mx-auto grid max-w-xl justify-items-center gap-4 rounded-lg border border-slate-200 bg-white p-8 text-center">
          <p className="text-slate-800">{NO_USER_MESSAGE}</p>
          <Link to="/login" className={buttonClasses()}>
            <LogIn aria-hidden="true" />
            Вход
          </Link>
        </div>
      </AdminFrame>
    );
  }

  return (
    <AdminFrame
      title="Управление на Проекти"
      subtitle="Проектите в портфолиото, техните галерии и категориите за филтъра на началната страница."
      actions={
        <>
          {back}
          <LogoutButton />
        </>
      }
    >
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(params);
          if (value === 'projects') next.delete('tab');
          else next.set('tab', value);
          setParams(next, { replace: true });
        }}
      >
        <TabsList aria-label="Раздели">
          <TabsTrigger value="projects">
            <FolderKanban aria-hidden="true" />
            Проекти
          </TabsTrigger>
          <TabsTrigger value="categories">
            <Tags aria-hidden="true" />
            Категории
          </TabsTrigger>
        </TabsList>
        {/* Both panels stay mounted, so a half-filled project form survives a look at the categories. */}
        <TabsContent value="projects" forceMount hidden={tab !== 'projects'} className="data-[state=inactive]:hidden">
          <ProjectsTab />
        </TabsContent>
        <TabsContent value="categories" forceMount hidden={tab !== 'categories'} className="data-[state=inactive]:hidden">
          <CategoriesTab />
        </TabsContent>
      </Tabs>
    </AdminFrame>
  );
}
