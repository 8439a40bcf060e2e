import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { usePageMeta } from '@/lib/seo';
import { AdminFrame } from '../components/AdminFrame';
import { LogoutButton } from '../components/LogoutButton';

// Placeholder so the route has a page (and a main landmark) until the project management
// feature replaces it; it already uses the shared admin frame.
export default function WorkAdminPage() {
  usePageMeta({ title: 'Управление на Проекти', noIndex: true });
  return (
    <AdminFrame
      title="Управление на Проекти"
      actions={
        <>
          <Link to="/blog-admin" className={buttonClasses({ variant: 'outline' })}>
            <ArrowLeft aria-hidden="true" />
            Към администраторския панел
          </Link>
          <LogoutButton />
        </>
      }
    >
      <p className="text-slate-700">Тази страница все още се изгражда: тук ще се управляват проектите и категориите.</p>
    </AdminFrame>
  );
}
