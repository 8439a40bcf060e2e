import { Link } from 'react-router-dom';
import { buttonClasses } from '@/shared/ui/button';
import { usePageMeta } from '@/shared/layout/seo';

/** The 404 page for any unknown path. */
export default function NotFoundPage() {
  usePageMeta({
    title: 'Страницата не е намерена',
    description: 'Страницата, която търсите, не съществува.',
    noIndex: true,
  });
  return (
    <div className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <p className="text-6xl font-extrabold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold text-slate-900">Oops! Page not found</h1>
      <p className="text-slate-700">Страницата, която търсите, не съществува или е преместена.</p>
      <Link to="/" className={buttonClasses({ size: 'lg' })}>
        Към началната страница
      </Link>
    </div>
  );
}
