import { CalendarCheck } from 'lucide-react';
import { DialogButton } from '@/site/layout/DialogButton';
import { JOURNEY, type JourneyStage } from '@/site/content/landing';

function Stage({ stage, index }: { stage: JourneyStage; index: number }) {
  // each stage fades in once a fifth of it is visible
  return (
    <li data-reveal="0.2" data-reveal-item="" className="relative pb-10 pl-14 last:pb-0">
      <span
        aria-hidden="true"
        className="absolute left-0 top-0 flex size-10 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white ring-4 ring-white"
      >
        {index + 1}
      </span>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Етап {index + 1}</p>
      <h3 className="mt-1 text-xl font-semibold text-slate-900">{stage.title}</h3>
      <p className="mt-2 text-slate-700">{stage.text}</p>
    </li>
  );
}

export function Journey() {
  return (
    <section id="journey" aria-labelledby="journey-title" className="below-fold scroll-mt-20 bg-slate-50 py-16 md:py-24">
      <div className="container grid gap-12 lg:grid-cols-[1fr_1.4fr]">
        <div className="lg:sticky lg:top-28 lg:self-start">
          <h2 id="journey-title" className="text-3xl font-bold text-slate-900 sm:text-4xl">
            Как работим
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Седем ясни етапа от първия разговор до работещо решение. Започваме с безплатен 15-минутен разговор, в
            който разбираме от какво има нужда вашият бизнес.
          </p>
          <DialogButton dialog="contact" size="lg" className="mt-8">
            <CalendarCheck aria-hidden="true" />
            Запазете час
          </DialogButton>
        </div>
        <ol className="relative before:absolute before:bottom-2 before:left-5 before:top-2 before:w-px before:bg-brand-200">
          {JOURNEY.map((stage, i) => (
            <Stage key={stage.title} stage={stage} index={i} />
          ))}
        </ol>
      </div>
    </section>
  );
}
