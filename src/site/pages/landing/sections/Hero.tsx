import { ArrowDown, BrainCircuit, CalendarDays, Code2, MessageSquare, Workflow } from 'lucide-react';
import { Button } from '@/shared/ui/button';
import { HERO, type SolutionTile } from '@/site/content/landing';
import { scrollToSection } from '@/site/runtime/scroll';
import { DialogButton } from '@/site/layout/DialogButton';
import { Island } from '@/site/islands/Island';
import { LogoNetwork } from '@/site/pages/landing/LogoNetwork';

const TILE_ICONS: Record<SolutionTile['icon'], typeof BrainCircuit> = {
  brain: BrainCircuit,
  workflow: Workflow,
  code: Code2,
};

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      {/* a soft shape that drifts with the page scroll (the --scroll-y variable set by the header);
          a radial gradient, not a blur filter, which would be repainted as it moves */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -right-32 -top-32 size-[28rem] rounded-full bg-[radial-gradient(closest-side,theme(colors.brand.100),transparent)] motion-safe:[transform:translateY(calc(var(--scroll-y,0px)*0.15))]"
      />
      <div className="container relative grid items-center gap-12 py-12 md:py-20 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{HERO.eyebrow}</p>
          <h1 id="hero-title" className="mt-3 text-4xl font-extrabold leading-tight text-slate-900 sm:text-5xl">
            {HERO.title}
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-700">{HERO.lead}</p>

          <ul className="mt-8 grid gap-3 sm:grid-cols-3">
            {HERO.tiles.map((tile) => {
              const Icon = TILE_ICONS[tile.icon];
              return (
                <li key={tile.title} className="rounded-xl border border-slate-200 bg-white/90 p-4 shadow-sm">
                  <Icon aria-hidden="true" className="size-6 text-brand-600" />
                  <p className="mt-2 font-semibold text-slate-900">{tile.title}</p>
                  <p className="mt-1 text-sm text-slate-600">{tile.text}</p>
                </li>
              );
            })}
          </ul>

          <div className="mt-8 flex flex-wrap gap-3">
            <DialogButton dialog="booking" size="lg">
              <CalendarDays aria-hidden="true" />
              Запазете консултация
            </DialogButton>
            <DialogButton dialog="contact" size="lg" variant="outline">
              <MessageSquare aria-hidden="true" />
              Изпратете запитване
            </DialogButton>
            {/* data-scroll-to: it works in the static page too (src/site/islands/delegates.ts) */}
            <Button size="lg" variant="ghost" data-scroll-to="journey" onClick={() => scrollToSection('journey')}>
              Научете повече
              <ArrowDown aria-hidden="true" />
            </Button>
          </div>
        </div>
        <Island name="logo-network" component={LogoNetwork} props={{}} />
      </div>
    </section>
  );
}
