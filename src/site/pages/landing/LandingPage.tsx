import { lazy, Suspense } from 'react';
import { Spinner } from '@/shared/ui/spinner';
import { site } from '@/shared/config/site';
import { usePageMeta } from '@/shared/layout/seo';
import { Hero } from './sections/Hero';

// Below the fold: its own chunk (and the data hooks with it), requested as soon as the hero renders.
const LandingSections = lazy(() => import('./LandingSections'));

/**
 * The home page: hero, features, clients, work, journey, testimonials and FAQ.
 * The header and footer come from the public layout.
 */
export default function LandingPage() {
  usePageMeta({ description: site.description, canonicalPath: '/' });
  return (
    <>
      <Hero />
      <Suspense
        fallback={
          <div className="flex min-h-screen justify-center pt-16">
            <Spinner label="Зареждане на страницата" />
          </div>
        }
      >
        <LandingSections />
      </Suspense>
    </>
  );
}
