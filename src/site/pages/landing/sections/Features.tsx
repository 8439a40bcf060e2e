import { Building2, Check, Dumbbell, ExternalLink, Home, QrCode, Search, Smartphone } from 'lucide-react';
import { FEATURES, type FeatureCard } from '@/site/content/landing';
import type { CSSProperties } from 'react';
import { LandingSection } from './LandingSection';

const ICONS: Record<FeatureCard['icon'], typeof Building2> = {
  building: Building2,
  qr: QrCode,
  dumbbell: Dumbbell,
  villa: Home,
  search: Search,
  smartphone: Smartphone,
};

export function Features() {
  return (
    <LandingSection
      id="features"
      title="Функционалности"
      lead="Готови продукти, които настройваме според вашия бизнес, и грижа за всичко, което ги прави видими."
      className="bg-white py-16 md:py-24"
    >
      <ul data-reveal="0.1" className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((feature, i) => {
          const Icon = ICONS[feature.icon];
          return (
            <li
              key={feature.title}
              data-reveal-item=""
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm hover:shadow-md"
              style={{ '--reveal-delay': `${i * 60}ms` } as CSSProperties}
            >
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 text-xl font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-slate-700">{feature.text}</p>
              <ul className="mt-4 space-y-1.5 text-sm text-slate-700">
                {feature.points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-700" />
                    {point}
                  </li>
                ))}
              </ul>
              {feature.demoUrl && (
                <a
                  href={feature.demoUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-auto inline-flex items-center gap-1.5 pt-5 font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  Вижте демо
                  <span className="sr-only">: {feature.title} (отваря се в нов раздел)</span>
                  <ExternalLink aria-hidden="true" className="size-4" />
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}
