import { MessageCircleQuestion } from 'lucide-react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Button } from '@/components/ui/button';
import { FAQ } from '@/content/landing';
import { cn } from '@/lib/cn';
import { useSiteDialogs } from '@/lib/siteDialogs';
import { useInView } from '../useInView';

/** Delay between the items' fade-ins (spec: 0.1 s stagger). */
const STAGGER_MS = 100;

export function Faq() {
  const { openContact, preload } = useSiteDialogs();
  const { ref, inView } = useInView<HTMLDivElement>(0.1);
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20 bg-slate-50 py-16 md:py-24">
      <div className="container max-w-3xl">
        <div className="text-center">
          <h2 id="faq-title" className="text-3xl font-bold text-slate-900 sm:text-4xl">
            Често задавани въпроси
          </h2>
          <p className="mt-4 text-lg text-slate-700">Отговорите на въпросите, които чуваме най-често.</p>
        </div>
        <div ref={ref} className="mt-10 rounded-2xl border border-slate-200 bg-white px-6">
          <Accordion>
            {FAQ.map((item, i) => (
              <AccordionItem
                key={item.question}
                value={`item-${i}`}
                className={cn(
                  'transition duration-500 last:border-b-0',
                  inView ? 'translate-y-0 opacity-100' : 'translate-y-3 opacity-0',
                )}
                style={{ transitionDelay: inView ? `${i * STAGGER_MS}ms` : undefined }}
              >
                <AccordionTrigger>{item.question}</AccordionTrigger>
                <AccordionContent>{item.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </div>
        <div className="mt-10 flex flex-col items-center gap-4 text-center">
          <p className="text-slate-700">Не намирате отговор на въпроса си?</p>
          <Button
            size="lg"
            onClick={openContact}
            onPointerEnter={() => preload('contact')}
            onFocus={() => preload('contact')}
          >
            <MessageCircleQuestion aria-hidden="true" />
            Свържете се с нас
          </Button>
        </div>
      </div>
    </section>
  );
}
