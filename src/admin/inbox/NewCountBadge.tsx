import { cn } from '@/shared/ui/cn';
import { useInboxCounts, type InboxCounts } from './counts';

const WORDS: Record<keyof InboxCounts, string> = { inquiries: 'нови', bookings: 'чакащи' };

/**
 * The number of new items beside a tab's label: new inquiries or pending bookings, read as
 * 'Запитвания (3 нови)'. Nothing is shown until the count is known; zero is shown muted.
 */
export function NewCountBadge({ kind }: { kind: keyof InboxCounts }) {
  const counts = useInboxCounts();
  if (!counts.data) return null;
  const count = counts.data[kind];
  return (
    <>
      {' '}
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-xs font-semibold leading-5',
          count > 0 ? 'bg-brand-600 text-white' : 'bg-slate-200 text-slate-700',
        )}
      >
        {count}
      </span>
      <span className="sr-only">{`(${count} ${WORDS[kind]})`}</span>
    </>
  );
}
