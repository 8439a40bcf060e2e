import { Menu } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/shared/ui/button';
import { Sheet, SheetContent, SheetTrigger } from '@/shared/ui/sheet';
import { site } from '@/shared/config/site';
import { cn } from '@/shared/ui/cn';

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
 * actions (a drawer on small screens), then the page's own main landmark with its heading.
 */
export function AdminFrame({ title, subtitle, actions, children, className }: AdminFrameProps) {
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
              <Sheet>
                <SheetTrigger asChild>
                  <Button variant="outline" size="icon" className="md:hidden" aria-label="Меню">
                    <Menu aria-hidden="true" />
                  </Button>
                </SheetTrigger>
                <SheetContent title="Меню" side="right">
                  <nav aria-label="Администрация" className="flex flex-col gap-3 [&>*]:w-full">
                    {actions}
                  </nav>
                </SheetContent>
              </Sheet>
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
