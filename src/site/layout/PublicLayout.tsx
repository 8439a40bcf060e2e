import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '@/shared/ui/spinner';
import { Island } from '@/site/islands/Island';
import { SiteHeader } from './SiteHeader';
import { PublicDialogs } from '@/site/dialogs/PublicDialogs';
import { CONSENT_SLOT_ID } from '@/site/consent/bar';

// The footer is always below the fold (main is at least a screen tall): it need not block the paint.
const SiteFooter = lazy(() => import('./SiteFooter').then((m) => ({ default: m.SiteFooter })));

/**
 * The frame of the public pages (/, /blog, /project/…, /resources, the 404): the fixed site
 * header, the main landmark and the footer, plus the inquiry and booking dialogs that any of
 * them may open (see src/site/dialogs/site-dialogs.ts). On a prerendered page the header is an island that
 * hydrates at once; the rest of the frame is static HTML.
 */
export function PublicLayout() {
  return (
    <>
      <Island name="header" hydrate="load" component={SiteHeader} props={{}} />
      <main id="main" tabIndex={-1} className="min-h-screen pt-20">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      {/* the privacy bar renders here when it shows (fixed at the bottom: this stays empty in the flow) */}
      <div id={CONSENT_SLOT_ID} />
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <PublicDialogs />
    </>
  );
}
