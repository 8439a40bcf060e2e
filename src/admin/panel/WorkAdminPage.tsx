import { ArrowLeft, FolderKanban, LogIn, Tags } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useAuth } from '@/admin/kit/session/auth-context';
import { buttonClasses } from '@/shared/ui/button';
import { PageSpinner } from '@/shared/ui/spinner';
import { useAdminTitle } from '@/admin/kit/ui/page-title';
import { AdminFrame } from '@/admin/kit/navigation/AdminFrame';
import { LogoutButton } from '@/admin/kit/session/LogoutButton';
import { TwoFactorButton } from '@/admin/security/TwoFactorButton';
import { TabbedPanel, type PanelTab } from '@/admin/kit/navigation/TabbedPanel';
import { lazyPart } from '@/admin/kit/ui/lazy-part';
import { adminPaths, tabNames, workPanel } from '@/admin/kit/navigation/addresses';
import { homeOf, roleOf, usesWorkPanel } from '@/admin/kit/session/roles';


// each tab's code is a chunk of its own, as in the blog panel (both load here: the panel mounts both)
const ProjectsTab = lazyPart(() => import('../work/ProjectsTab').then((m) => m.ProjectsTab));
const CategoriesTab = lazyPart(() => import('../work/CategoriesTab').then((m) => m.CategoriesTab));
const OtherRoleNote = lazyPart(() => import('./OtherRoleNote').then((m) => m.OtherRoleNote));

const TABS: readonly PanelTab<(typeof workPanel.tabs)[number]>[] = [
  { id: 'projects', icon: FolderKanban, name: tabNames.projects, content: () => <ProjectsTab /> },
  { id: 'categories', icon: Tags, name: tabNames.categories, content: () => <CategoriesTab /> },
];

export const NO_USER_MESSAGE = 'Моля, влезте в системата, за да управлявате проектите.';

/** /work-admin: 'Управление на Проекти': projects with galleries, and categories. */
export default function WorkAdminPage() {
  useAdminTitle('Управление на Проекти');
  const { user, blogUser, loading } = useAuth();
  const role = roleOf(blogUser);
  const home = homeOf(role);

  const back = (
    <Link to={adminPaths[home]} className={buttonClasses({ variant: 'outline' })}>
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

  if (!usesWorkPanel(role)) {
    return (
      <AdminFrame title="Управление на Проекти" actions={back}>
        <OtherRoleNote section="projects" name="Управление на Проекти" role={role} home={adminPaths[home]} homeName={tabNames[home]} />
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
          <TwoFactorButton />
          <LogoutButton />
        </>
      }
    >
      {/* Both tabs are mounted at once, so a half-filled project form survives a look at the categories. */}
      <TabbedPanel shape={workPanel} tabs={TABS} label="Раздели" mountAll />
    </AdminFrame>
  );
}
