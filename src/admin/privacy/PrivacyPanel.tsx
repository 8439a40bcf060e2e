import { ExternalLink } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { PRIVACY_NOTICE_PATH } from '@/shared/config/addresses';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { Loading } from '@/admin/kit/ui/Loading';
import { ControllerForm } from './ControllerForm';
import { NoticeEditor } from './NoticeEditor';
import { NoticeVersions } from './NoticeVersions';
import { RetentionSection } from './RetentionSection';
import { useNoticeBody, useNoticeVersions, usePrivacySettings } from './api';
import { missingFacts } from './schema';
import { panelText as t } from './words';

function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <div className="grid gap-1">
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        {intro && <p className="max-w-3xl text-sm text-slate-700">{intro}</p>}
      </div>
      {children}
    </section>
  );
}

/** The editor, once the current version's text (its starting point) is here. */
function NoticeSection({ missing }: { missing: string[] }) {
  const versions = useNoticeVersions();
  const latest = versions.data?.[0]?.version ?? null;
  const current = useNoticeBody(latest);
  if (versions.isPending || (latest !== null && current.isPending)) return <Loading size="line">Зареждане на текста...</Loading>;
  if (versions.isError || current.isError) {
    return (
      <FormAlert onRetry={() => void (versions.isError ? versions.refetch() : current.refetch())} retrying={versions.isFetching || current.isFetching}>
        {t.loadFailed}
      </FormAlert>
    );
  }
  return (
    <>
      {/* a new version starts the form again from its own text */}
      <NoticeEditor key={latest ?? 0} current={current.data ?? ''} missing={missing} />
      <Section title={t.versionsHeading}>
        <NoticeVersions versions={versions.data} />
      </Section>
    </>
  );
}

/**
 * 'Поверителност' (administrators at aal2): the controller and the processors, the notice's text
 * with its versions, and the retention periods; what the public page /poveritelnost prints
 * (supabase/migrations/20261129000800_privacy_notice.sql).
 */
export function PrivacyPanel() {
  const settings = usePrivacySettings();
  return (
    <div className="grid gap-10">
      <div className="grid gap-2">
        <p className="max-w-3xl text-slate-700">{t.intro}</p>
        <p>
          <a href={PRIVACY_NOTICE_PATH} target="_blank" rel="noopener" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline underline-offset-2">
            {t.publicPage}
            <span className="sr-only"> (отваря се в нов раздел)</span>
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        </p>
      </div>

      <Section title={t.controllerHeading} intro={t.controllerIntro}>
        {settings.isPending ? (
          <Loading size="line">Зареждане на данните...</Loading>
        ) : settings.isError ? (
          <FormAlert onRetry={() => void settings.refetch()} retrying={settings.isFetching}>
            {t.loadFailed}
          </FormAlert>
        ) : (
          <ControllerForm stored={settings.data} />
        )}
      </Section>

      <Section title={t.noticeHeading} intro={t.noticeIntro}>
        <NoticeSection missing={settings.data ? missingFacts(settings.data) : []} />
      </Section>

      <RetentionSection />
    </div>
  );
}
