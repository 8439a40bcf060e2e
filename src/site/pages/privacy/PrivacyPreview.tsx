import { PrivacyArticle } from './PrivacyArticle';
import { WithPrivacyFacts } from './WithPrivacyFacts';

/**
 * The admin's preview of a draft of the notice's text ('Преглед' in 'Поверителност'): the public
 * page's own article with the system's facts as they are now and the draft as the next version,
 * dated today. An empty draft shows the page without a text.
 */
export function PrivacyPreview({ body }: { body: string }) {
  return (
    <WithPrivacyFacts>
      {(facts) => {
        const next = { version: (facts.notice?.version ?? 0) + 1, body, created_at: new Date().toISOString() };
        return <PrivacyArticle facts={{ ...facts, notice: body.trim() ? next : null }} />;
      }}
    </WithPrivacyFacts>
  );
}
