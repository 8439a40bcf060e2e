import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { Picture } from '@/shared/ui/picture';
import { cn } from '@/shared/ui/cn';
import { prefersReducedMotion } from '@/site/runtime/motion';
import { useClients, type LandingClient } from '@/site/pages/landing/api';
import { activeIndex, atEnd, atStart, scrollStep, showArrows, showDots, type ScrollMetrics } from '@/site/pages/landing/carousel';
import { LandingSection } from './LandingSection';

function metricsOf(el: HTMLElement): ScrollMetrics {
  return { scrollLeft: el.scrollLeft, clientWidth: el.clientWidth, scrollWidth: el.scrollWidth };
}

/** An arrow beside the strip: -1 scrolls back, 1 on; off at that end. */
function ScrollArrow({ direction, disabled, onMove }: { direction: -1 | 1; disabled: boolean; onMove: (direction: -1 | 1) => void }) {
  const Icon = direction < 0 ? ChevronLeft : ChevronRight;
  return (
    <Button
      variant="outline"
      size="icon"
      aria-label={direction < 0 ? 'Предишни клиенти' : 'Следващи клиенти'}
      aria-controls="clients-list"
      disabled={disabled}
      onClick={() => onMove(direction)}
      className="shrink-0 rounded-full"
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}

function ClientsCarousel({ clients }: { clients: LandingClient[] }) {
  const scrollerRef = useRef<HTMLUListElement>(null);
  const [state, setState] = useState({ start: true, end: false, active: 0 });

  const measure = useCallback(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const metrics = metricsOf(el);
    const first = (el.firstElementChild as HTMLElement | null)?.offsetLeft ?? 0;
    const offsets = Array.from(el.children, (child) => (child as HTMLElement).offsetLeft - first);
    setState({ start: atStart(metrics), end: atEnd(metrics), active: activeIndex(metrics, offsets) });
  }, []);

  useEffect(() => {
    measure();
    const el = scrollerRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, clients.length]);

  const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
  const move = (direction: -1 | 1) => {
    const el = scrollerRef.current;
    if (el) el.scrollBy({ left: scrollStep(el.clientWidth, direction), behavior });
  };
  const goTo = (index: number) => {
    const el = scrollerRef.current;
    const item = el?.children[index] as HTMLElement | undefined;
    const first = el?.firstElementChild as HTMLElement | null;
    if (el && item && first) el.scrollTo({ left: item.offsetLeft - first.offsetLeft, behavior });
  };

  const arrows = showArrows(clients.length);
  return (
    <div className="relative">
      <div className="flex items-center gap-3">
        {arrows && <ScrollArrow direction={-1} disabled={state.start} onMove={move} />}
        <ul
          id="clients-list"
          ref={scrollerRef}
          // a scrolling strip: reachable by keyboard so it can be scrolled with the arrow keys
          tabIndex={0}
          aria-label="Клиенти"
          onScroll={measure}
          className="relative flex min-w-0 flex-1 snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth rounded-2xl pb-2 [scrollbar-width:thin] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 motion-reduce:scroll-auto"
        >
          {clients.map((client) => (
            <li
              key={client.id}
              className="flex shrink-0 basis-full snap-start flex-col items-center justify-center gap-3 rounded-2xl border border-slate-200 bg-white p-6 sm:basis-[calc(50%-0.5rem)] lg:basis-[calc((100%-2rem)/3)]"
            >
              {/* the name is written below: the logo needs an alt only when the admin gave one */}
              <Picture src={client.logo} alt={client.logo_alt?.trim() ?? ''} sizes="180px" width={180} height={90} className="h-[90px] w-[180px] object-contain" />
              <p className="text-center font-semibold text-slate-900">{client.name}</p>
            </li>
          ))}
        </ul>
        {arrows && <ScrollArrow direction={1} disabled={state.end} onMove={move} />}
      </div>
      {showDots(clients.length) && (
        <div className="mt-4 flex justify-center gap-1" role="group" aria-label="Избор на клиент">
          {clients.map((client, i) => (
            <button
              key={client.id}
              type="button"
              aria-label={`Клиент ${i + 1} от ${clients.length}: ${client.name}`}
              aria-current={state.active === i ? 'true' : undefined}
              onClick={() => goTo(i)}
              className="group inline-flex size-6 items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'block h-2 rounded-full transition-all',
                  state.active === i ? 'w-5 bg-brand-600' : 'w-2 bg-slate-300 group-hover:bg-slate-400',
                )}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

export function Clients() {
  const { data, isPending } = useClients();
  const clients = data?.data ?? [];
  return (
    <LandingSection
      id="clients"
      title="Клиенти, които ни се доверяват"
      lead="Фирми от имоти, туризъм, фитнес и производство работят с нашите решения."
      className="bg-slate-50 py-16 md:py-20"
    >
      <div className="mt-10 min-h-[15rem]">
        {isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label="Зареждане на клиентите" />
          </div>
        ) : clients.length === 0 ? (
          <p className="py-10 text-center text-slate-700">Все още няма добавени клиенти.</p>
        ) : (
          <ClientsCarousel clients={clients} />
        )}
      </div>
    </LandingSection>
  );
}
