import { privacyPageText as t } from '@/site/content/privacy';
import { usePrivacyFacts } from './api';
import { PrivacyArticle } from './PrivacyArticle';

/**
 * The admin's preview of a draft of the notice's text ('Преглед' in 'Поверителност'): the public
 * page's own article with the system's facts as they are now and the draft as the next version,
 * dated today. An empty draft shows the page without a text.
 */
export function PrivacyPreview({ body }: { body: string }) {
  const facts = usePrivacyFacts();
  if (facts.isPending) {
    return (
      <p role="status" className="container py-24 text-center text-slate-600">
        {t.loading}
      </p>
    );
  }
  if (facts.isError) {
    return (
      <p role="alert" className="container py-24 text-center text-slate-700">
        {t.failed}
      </p>
    );
  }
  const next = { version: (facts.data.notice?.version ?? 0) + 1, body, created_at: new Date().toISOString() };
  return <PrivacyArticle facts={{ ...facts.data, notice: body.trim() ? next : null }} />;
}
