import { Building2, Code2, Dumbbell, UtensilsCrossed, type LucideIcon } from 'lucide-react';
import { SERVICE_LABELS } from '@/shared/domain/inquiry';
import { cn } from '@/shared/ui/cn';
import { SERVICES, type InquiryFormState, type InquiryService } from './schema';

const SERVICE_CARDS: Record<InquiryService, { icon: LucideIcon; text: string }> = {
  real_estate: { icon: Building2, text: 'CRM, огледи и запитвания за агенции' },
  hospitality: { icon: UtensilsCrossed, text: 'QR менюта, резервации и AI асистенти' },
  fitness: { icon: Dumbbell, text: 'Членства и AI тренировъчни планове' },
  custom: { icon: Code2, text: 'Автоматизации и системи по мярка' },
};

export interface ServiceStepProps {
  /** The service chosen so far, if any: its card is pressed. */
  service: InquiryFormState['service'];
  onChoose: (service: InquiryService) => void;
}

/** The inquiry's step 1: a card for each service; choosing one moves on. */
export function ServiceStep({ service, onChoose }: ServiceStepProps) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {SERVICES.map((option) => {
        const { icon: Icon, text } = SERVICE_CARDS[option];
        const chosen = service === option;
        return (
          <li key={option}>
            <button
              type="button"
              aria-pressed={chosen}
              onClick={() => onChoose(option)}
              className={cn(
                'flex h-full w-full flex-col items-start gap-2 rounded-xl border-2 p-4 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2',
                chosen ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:border-brand-300 hover:bg-slate-50',
              )}
            >
              <Icon aria-hidden="true" className="size-6 text-brand-700" />
              <span className="font-semibold text-slate-900">{SERVICE_LABELS[option]}</span>
              <span className="text-sm text-slate-600">{text}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
