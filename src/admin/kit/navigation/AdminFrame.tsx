import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/shared/ui/button';
import { site } from '@/shared/config/site';
import { cn } from '@/shared/ui/cn';

const loadMenu = () => import('./AdminMenu');
const AdminMenu = lazy(loadMenu);

export interface AdminFrameProps {
  /** The page's heading (h1), e.g. 'Администраторски панел'. */
  title: string;
  /** Optional line under the heading. */
  subtitle?: ReactNode;
  /**
   * Header buttons and links ('Управление на проекти', 'Изход' ...). Shown in the header on wide
   * screens and in a side drawer below 768 px.
   */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * The frame of every admin page (/blog-admin, /work-admin): a header with the brand and the page's
 * actions (a drawer on small screens, AdminMenu.tsx, fetched when first opened), then the page's own
 * main landmark with its heading.
 */
export function AdminFrame({ title, subtitle, actions, children, className }: AdminFrameProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="container flex h-16 items-center justify-between gap-4">
          <Link to="/" className="text-lg font-bold text-brand-700 hover:text-brand-900">
            {site.name}
            <span className="sr-only"> — към сайта</span>
          </Link>
          {actions && (
            <>
              <nav aria-label="Администрация" className="hidden items-center gap-2 md:flex">
                {actions}
              </nav>
              <Button
                ref={menuButton}
                variant="outline"
                size="icon"
                className="md:hidden"
                aria-label="Меню"
                aria-haspopup="dialog"
                aria-expanded={menuOpen}
                aria-controls={menuOpen ? 'admin-menu' : undefined}
                onPointerEnter={() => void loadMenu()}
                onClick={() => {
                  setMenuWanted(true);
                  setMenuOpen(true);
                }}
              >
                <Menu aria-hidden="true" />
              </Button>
              {menuWanted && (
                <Suspense fallback={null}>
                  <AdminMenu open={menuOpen} onOpenChange={setMenuOpen} button={menuButton}>
                    {actions}
                  </AdminMenu>
                </Suspense>
              )}
            </>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className={cn('container py-8', className)}>
        <div className="mb-6">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
          {subtitle && <p className="mt-1 text-slate-600">{subtitle}</p>}
        </div>
        {children}
      </main>
    </div>
  );
}
