import { AttributionSection } from './AttributionSection';
import { formatRange } from './format';
import { FunnelsSection } from './FunnelsSection';
import { NewsletterSection } from './NewsletterSection';
import { PeriodPicker } from './PeriodPicker';
import { TopSection } from './TopSection';
import { TrafficSection } from './TrafficSection';
import { usePeriod } from './use-period';

/**
 * 'Табло', an administrator's first screen: what the site's visits, the two funnels and the leads
 * of each source and campaign came to in a period, against the period before. Every figure is an
 * aggregate the database computes from its daily rollups (administrators only, no visitor's data);
 * each section is one request and loads, fails and retries on its own.
 */
export function DashboardTab() {
  const period = usePeriod();
  const { range, previous } = period;
  return (
    <section aria-labelledby="dashboard-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="dashboard-title" className="text-xl font-semibold text-slate-900">
          Табло
        </h2>
        <p className="text-sm text-slate-600">
          Посещения без бисквитки и без лични данни, фуниите на запитването и записването, и какво са донесли източниците и кампаниите.
        </p>
      </div>
      <PeriodPicker period={period} />
      <p className="text-sm text-slate-700" aria-live="polite">
        Показан период: <strong className="font-medium text-slate-900">{formatRange(range)}</strong>; сравнение с{' '}
        {formatRange(previous)}.
      </p>
      <TrafficSection range={range} />
      <div className="grid gap-4 lg:grid-cols-2">
        <TopSection range={range} dimension="page" />
        <TopSection range={range} dimension="post" />
        <TopSection range={range} dimension="source" />
        <TopSection range={range} dimension="campaign" />
      </div>
      <FunnelsSection range={range} />
      <AttributionSection range={range} />
      <NewsletterSection range={range} />
    </section>
  );
}
