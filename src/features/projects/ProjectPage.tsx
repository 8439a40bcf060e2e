import { usePageMeta } from '@/lib/seo';

// Placeholder from the app shell, so the route table compiles; the feature replaces it.
export default function ProjectPage() {
  usePageMeta({ title: 'Проект' });
  return (
    <div className="container py-16">
      <h1 className="text-3xl font-bold text-slate-900">Проект</h1>
      <p className="mt-4 text-slate-700">Тази страница все още се изгражда: тук ще се показват подробностите за един проект.</p>
    </div>
  );
}
