import { Quote, Star } from 'lucide-react';
import { TESTIMONIALS, type Testimonial } from '@/site/content/landing';
import { cn } from '@/shared/ui/cn';
import { LandingSection } from './LandingSection';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5" role="img" aria-label={`Оценка ${rating} от 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          data-filled={n <= rating}
          className={cn('size-5', n <= rating ? 'fill-amber-400 text-amber-500' : 'fill-slate-200 text-slate-300')}
        />
      ))}
    </p>
  );
}

function Card({ item }: { item: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <Stars rating={item.rating} />
      <Quote aria-hidden="true" className="mt-4 size-7 text-brand-200" />
      <blockquote className="mt-2 flex-1 leading-relaxed text-slate-800">{item.content}</blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        {/* placeholder image: initials instead of a photo */}
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
        >
          {initials(item.name)}
        </span>
        <span>
          <span className="block font-semibold text-slate-900">{item.name}</span>
          <span className="block text-sm text-slate-600">
            {item.role}, {item.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

export function Testimonials() {
  return (
    <LandingSection id="testimonials" title="Какво казват клиентите ни" className="bg-white py-16 md:py-24">
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((item) => (
          <li key={item.name}>
            <Card item={item} />
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
