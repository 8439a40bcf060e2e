// Everything about the agency that appears on more than one page lives here, in one place.
export const site = {
  name: 'Синаптика',
  legalName: 'Синаптика ООД',
  tagline: 'AI, автоматизация и софтуер по мярка за вашия бизнес',
  description:
    'Синаптика създава AI решения, автоматизации и софтуер по поръчка за бизнеса: CRM за брокери, дигитални менюта, фитнес платформи и системи за резервации.',
  city: 'София, България',
  phone: '+359 88 123 4567',
  phoneHref: 'tel:+359881234567',
  email: 'zdravei@sinaptika.example',
  profileUrl: 'https://www.linkedin.com/company/sinaptika-example',
  /** Public origin used for canonical URLs, sitemap and feed; override with VITE_SITE_URL. */
  url: (import.meta.env?.VITE_SITE_URL as string | undefined)?.replace(/\/$/, '') || 'http://localhost:5173',
  demos: {
    realEstateCrm: 'https://crm-demo.sinaptika.example',
    qrMenu: 'https://menu-demo.sinaptika.example',
    gym: 'https://gym-demo.sinaptika.example',
    villaBooking: 'https://villa-demo.sinaptika.example',
  },
} as const;

export type Site = typeof site;
