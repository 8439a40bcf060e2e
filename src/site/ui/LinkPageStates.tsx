import type { ReactNode } from 'react';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';

/*
 * What the pages of e-mailed links share (a booking's page, the newsletter's confirmation and
 * unsubscribe pages, a data request's confirmation): their frame, and the two states before they
 * know the link: reading it, and a link that could not be read, with a way to try again. What the
 * link then says is each page's own.
 */

/** The link is being read. */
export function LinkReading() {
  return (
    <p role="status" className="flex items-center gap-3 text-slate-700">
      <Spinner size="sm" /> Зареждане…
    </p>
  );
}

/** The link could not be read (the network, the database): why, in the page's words, and 'Опитай отново'. */
export function LinkUnreadable({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col gap-3">
      <h1 className="text-3xl font-bold text-slate-900">Връзката не може да се отвори</h1>
      <p className="text-slate-700">{text}</p>
      <div>
        <Button onClick={onRetry}>Опитай отново</Button>
      </div>
    </div>
  );
}

/**
 * The frame of a page whose address holds a private token (a booking's, the newsletter's, a data
 * request's): kept out of search engines, and its address sent to no other site.
 */
export function PrivateLinkPage({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <>
      {/* React hoists these into <head>; the address holds a private token */}
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <div className={`mx-auto ${wide ? 'max-w-3xl' : 'max-w-2xl'} px-4 py-12 sm:py-16`}>{children}</div>
    </>
  );
}
