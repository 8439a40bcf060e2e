import { MessageCircleQuestion } from 'lucide-react';
import { DialogButton } from '@/site/layout/DialogButton';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/site/ui/accordion';
import { FAQ } from '@/site/content/landing';
import type { CSSProperties } from 'react';
import { LandingSection } from './LandingSection';

/** Delay between the items' fade-ins. */
const STAGGER_MS = 100;

export function Faq() {
  return (
    <LandingSection
      id="faq"
      title="Често задавани въпроси"
      lead="Отговорите на въпросите, които чуваме най-често."
      className="bg-slate-50 py-16 md:py-24"
      containerClassName="container max-w-3xl"
      headerClassName="text-center"
    >
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
    </LandingSection>
  );
}
