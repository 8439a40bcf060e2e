import { Mail, Phone } from 'lucide-react';
import { site } from '@/shared/config/site';

const linkClasses = 'inline-flex items-center gap-2 font-medium text-brand-700 underline-offset-2 hover:underline';

/** The agency's phone and e-mail as links, for whatever a visitor cannot do online. */
export function ContactLinks() {
  return (
    <ul className="flex flex-col gap-2 text-sm">
      <li>
        <a href={site.phoneHref} className={linkClasses}>
          <Phone aria-hidden="true" className="size-4" />
          <span>
            <span className="sr-only">Телефон:</span> {site.phone}
          </span>
        </a>
      </li>
      <li>
        <a href={`mailto:${site.email}`} className={linkClasses}>
          <Mail aria-hidden="true" className="size-4" />
          <span>
            <span className="sr-only">Имейл:</span> {site.email}
          </span>
        </a>
      </li>
    </ul>
  );
}
