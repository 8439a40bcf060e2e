import { site } from '@/config/site';
import { usePageMeta } from '@/lib/seo';

// Placeholder from the app shell, so the route table compiles; the feature replaces it.
export default function LandingPage() {
  usePageMeta({ description: site.description, canonicalPath: '/' });
  return (
    <div className="container py-16">
      <h1 className="text-3xl font-bold text-slate-900">{site.name}</h1>
      <p className="mt-4 text-slate-700">{site.tagline}</p>
    </div>
  );
}
