import { MessageCircleQuestion } from 'lucide-react';
import { DialogButton } from '@/site/layout/DialogButton';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/site/ui/accordion';
import { FAQ } from '@/site/content/landing';
import type { CSSProperties } from 'react';

/** Delay between the items' fade-ins. */
const STAGGER_MS = 100;

export function Faq() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="below-fold scroll-mt-20 bg-slate-50 py-16 md:py-24">
      <div className="container max-w-3xl">
        <div className="text-center">
          <h2 id="faq-title" className="text-3xl font-bold text-slate-900 sm:text-4xl">
            Често задавани въпроси
          </h2>
          <p className="mt-4 text-lg text-slate-700">Отговорите на въпросите, които чуваме най-често.</p>
        </div>
        <div data-reveal="0.1" className="mt-10 rounded-2xl border border-slate-200 bg-white px-6">
          <Accordion>
            {FAQ.map((item, i) => (
              <AccordionItem
                key={item.question}
                value={`item-${i}`}
                data-reveal-item=""
                className="last:border-b-0"
                style={{ '--reveal-delay': `${i * STAGGER_MS}ms` } as CSSProperties}
              >
                <AccordionTrigger>{item.question}</AccordionTrigger>
                <AccordionContent>{item.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </div>
        <div className="mt-10 flex flex-col items-center gap-4 text-center">
          <p className="text-slate-700">Не намирате отговор на въпроса си?</p>
          <DialogButton dialog="contact" size="lg">
            <MessageCircleQuestion aria-hidden="true" />
            Свържете се с нас
          </DialogButton>
        </div>
      </div>
    </section>
  );
}
