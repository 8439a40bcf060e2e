import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';

/*
 * The two states every page of an e-mailed link passes before it knows the link (the newsletter's
 * confirmation and unsubscribe pages, a data request's confirmation): reading it, and a link that
 * could not be read, with a way to try again. What the link then says is each page's own.
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
