import { ExternalLink, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PRIVACY_NOTICE_PATH } from '@/shared/config/addresses';
import { site } from '@/shared/config/site';
import { openPrivacySettings } from '@/site/consent/bar';
import { SECTION_LINKS } from '@/site/content/navigation';
import { Island } from '@/site/islands/Island';
import { NewsletterBox } from './NewsletterBox';
import { SectionLink } from './SectionLink';

const footerLink =
  'rounded text-sm text-slate-300 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-400';

/** The town, then the phone and e-mail as links. */
const CONTACTS = [
  { icon: MapPin, text: site.city },
  { icon: Phone, text: site.phone, href: site.phoneHref },
  { icon: Mail, text: site.email, href: `mailto:${site.email}` },
];

/** The site footer: blurb, contacts, links, newsletter, copyright, the privacy notice and the privacy settings (the bar again). */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="container grid gap-10 py-14 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.4fr]">
        <div className="space-y-4">
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="text-sm leading-relaxed">
            Помагаме на фирми от имоти, туризъм, фитнес и производство да работят по-бързо с изкуствен интелект,
            автоматизация и софтуер, създаден по мярка.
          </p>
          <ul className="space-y-2 text-sm">
            {CONTACTS.map(({ icon: Icon, text, href }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon aria-hidden="true" className="size-4 text-accent-400" />
                {href ? (
                  <a href={href} className={footerLink}>
                    {text}
                  </a>
                ) : (
                  text
                )}
              </li>
            ))}
            <li>
              <a href={site.profileUrl} target="_blank" rel="noopener noreferrer" className={`${footerLink} inline-flex items-center gap-1.5`}>
                {site.name} в LinkedIn
                <span className="sr-only">(отваря се в нов раздел)</span>
                <ExternalLink aria-hidden="true" className="size-3.5" />
              </a>
            </li>
          </ul>
        </div>

        <nav aria-label="Секции на началната страница">
          <h2 className="text-base font-semibold text-white">Страници</h2>
          <ul className="mt-4 space-y-2">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <SectionLink section={link.id} className={footerLink}>
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-label="Ресурси">
          <h2 className="text-base font-semibold text-white">Научете повече</h2>
          <ul className="mt-4 space-y-2">
            <li>
              <Link to="/blog" className={footerLink}>
                Блог
              </Link>
            </li>
            <li>
              <Link to="/resources" className={footerLink}>
                Ресурси
              </Link>
            </li>
          </ul>
        </nav>

        <Island name="newsletter" component={NewsletterBox} props={{}} />
      </div>
      <div className="border-t border-slate-800">
        <div className="container flex flex-col gap-3 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-400">
            © {year} {site.legalName}. Всички права запазени.
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to={PRIVACY_NOTICE_PATH} className={`${footerLink} inline-block py-1`}>
                Политика за поверителност
              </Link>
            </li>
            <li>
              {/* in the static HTML, islands/delegates.ts answers data-privacy-settings; in the app, React */}
              <button type="button" data-privacy-settings="" onClick={openPrivacySettings} className={`${footerLink} py-1`}>
                Настройки за поверителност
              </button>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
