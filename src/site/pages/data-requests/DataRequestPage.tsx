import { DATA_REQUEST_PATH } from '@/shared/config/addresses';
import { usePageMeta } from '@/shared/layout/seo';
import { Island } from '@/site/islands/Island';
import { DataRequestForm } from './DataRequestForm';
import { pageText } from './texts';

/**
 * /lichni-danni, 'Вашите лични данни': where a person asks for a copy or the erasure of their data
 * (GDPR Art. 15 and 17). Prerendered; only the form is an island.
 */
export default function DataRequestPage() {
  usePageMeta({ title: pageText.title, description: pageText.description, canonicalPath: DATA_REQUEST_PATH });
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{pageText.title}</h1>
      <p className="text-lg text-slate-700">{pageText.intro}</p>
      <ol className="grid list-decimal gap-2 pl-5 text-slate-700">
        {pageText.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <Island name="data-request" component={DataRequestForm} props={{}} />
    </div>
  );
}
