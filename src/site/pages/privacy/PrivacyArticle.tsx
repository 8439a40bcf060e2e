import type { ReactNode } from 'react';
import { formatDateBg } from '@/shared/domain/dates';
import { formatRetention, RETENTION_KINDS } from '@/shared/domain/retention';
import { FORM_RECORDS, privacyPageText as t } from '@/site/content/privacy';
import { LazyMarkdown } from '@/site/ui/LazyMarkdown';
import type { PrivacyController, PrivacyFacts, RetentionPeriod } from './api';

/*
 * The privacy notice's article: the version and its date, the controller, the administrator's
 * text (markdown, rendered as posts are), and what the system itself says and so can never
 * disagree with it: what each form collects and why, the processors, the retention periods. The
 * public page renders it with the current version; the admin's preview with a draft.
 */

const sectionHeading = 'text-2xl font-bold tracking-tight text-slate-900';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className={sectionHeading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

const hasAny = (c: PrivacyController | null): c is PrivacyController =>
  Boolean(c && (c.controller_name || c.controller_eik || c.controller_address || c.controller_email));

function Controller({ controller }: { controller: PrivacyController | null }) {
  return (
    <section aria-labelledby="privacy-controller" className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-6">
      <h2 id="privacy-controller" className="text-lg font-semibold text-slate-900">
        {t.controller}
      </h2>
      {hasAny(controller) ? (
        <dl className="mt-4 grid gap-3">
          {controller.controller_name && <Fact term="Дружество">{controller.controller_name}</Fact>}
          {controller.controller_eik && <Fact term="ЕИК">{controller.controller_eik}</Fact>}
          {controller.controller_address && <Fact term="Адрес">{controller.controller_address}</Fact>}
          {controller.controller_email && (
            <Fact term="Имейл">
              <a href={`mailto:${controller.controller_email}`} className="font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800">
                {controller.controller_email}
              </a>
            </Fact>
          )}
        </dl>
      ) : (
        <p className="mt-3 text-slate-700">{t.controllerMissing}</p>
      )}
    </section>
  );
}

function Forms() {
  return (
    <Section id="privacy-forms" title={t.forms}>
      <div className="mt-6 grid gap-8">
        {FORM_RECORDS.map((form, i) => (
          <section key={form.name} aria-labelledby={`privacy-form-${i}`}>
            <h3 id={`privacy-form-${i}`} className="text-lg font-semibold text-slate-900">
              {form.name}
            </h3>
            <p className="text-sm text-slate-600">{form.where}</p>
            <dl className="mt-3 grid gap-3">
              <div>
                <dt className="font-medium text-slate-900">Какво събира</dt>
                <dd>
                  <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
                    {form.collects.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">Защо</dt>
                <dd className="text-slate-700">{form.purpose}</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">Правно основание</dt>
                <dd className="text-slate-700">{form.basis}</dd>
              </div>
            </dl>
          </section>
        ))}
      </div>
    </Section>
  );
}

function Processors({ controller }: { controller: PrivacyController | null }) {
  const processors = controller?.processors ?? [];
  return (
    <Section id="privacy-processors" title={t.processors}>
      {processors.length === 0 ? (
        <p className="mt-3 text-slate-700">{t.processorsNone}</p>
      ) : (
        <>
          <p className="mt-3 text-slate-700">{t.processorsIntro}</p>
          <ul className="mt-4 grid gap-3">
            {processors.map((p) => (
              <li key={`${p.name}|${p.purpose}`} className="rounded-lg border border-slate-200 p-4">
                <p className="font-semibold text-slate-900">{p.name}</p>
                <p className="text-slate-700">{p.purpose}</p>
                <p className="mt-1 text-sm text-slate-600">Къде: {p.location}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

function Retention({ periods }: { periods: RetentionPeriod[] }) {
  const days = new Map(periods.map((p) => [p.kind, p.days]));
  // the kinds the database holds, in the notice's order; the words are the panel's (retention.ts)
  const shown = RETENTION_KINDS.filter((k) => days.has(k.kind));
  return (
    <Section id="privacy-retention" title={t.retention}>
      <p className="mt-3 text-slate-700">{t.retentionIntro}</p>
      <dl className="mt-4 grid gap-4">
        {shown.map((k) => (
          <div key={k.kind} className="border-l-4 border-accent-600 pl-4">
            <dt className="font-semibold text-slate-900">{k.label}</dt>
            <dd className="text-slate-700">
              <strong className="font-semibold text-slate-900">{formatRetention(days.get(k.kind)!)}</strong> след {k.from}. {k.end}
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

export interface PrivacyArticleProps {
  facts: PrivacyFacts;
  /** Above the title (the admin's preview says what it shows). */
  banner?: ReactNode;
}

export function PrivacyArticle({ facts, banner }: PrivacyArticleProps) {
  const { notice, settings, retention } = facts;
  return (
    <article aria-labelledby="privacy-title" className="container max-w-3xl py-10 md:py-14">
      {banner}
      <header>
        <h1 id="privacy-title" className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">
          {t.title}
        </h1>
        {notice ? (
          <p className="mt-3 text-slate-600">
            Версия {notice.version} от {formatDateBg(notice.created_at)}
          </p>
        ) : (
          <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
            {t.notPublished}
          </p>
        )}
      </header>
      <Controller controller={settings} />
      {notice && <LazyMarkdown className="mt-10">{notice.body}</LazyMarkdown>}
      <Forms />
      <Processors controller={settings} />
      <Retention periods={retention} />
    </article>
  );
}
