import { Check } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Input } from '@/components/ui/input';

/** How long 'Готово!' stays before the box returns to normal (spec section 9). */
export const NEWSLETTER_CONFIRM_MS = 3000;

/**
 * The footer's newsletter box (spec sections 4 and 7): a required e-mail; on submit the button
 * reads 'Готово!' with 'Благодарим ви за абонамента!', the field is cleared and after 3 seconds
 * everything returns to normal. Nothing is sent anywhere: the entry is only logged locally.
 */
export function NewsletterBox() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), NEWSLETTER_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [done]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) return;
    console.info('[newsletter] subscription (not sent anywhere):', value);
    setEmail('');
    setDone(true);
  };

  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-base font-semibold text-white">
        Бюлетин
      </h2>
      <p className="text-sm text-slate-300">Полезни идеи за AI и автоматизация, веднъж месечно.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Имейл за бюлетина
        </label>
        <Input
          id={`${id}-email`}
          type="email"
          required
          autoComplete="email"
          placeholder="вашият@имейл.bg"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button
          type="submit"
          className="inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-md bg-accent-700 px-4 text-sm font-medium text-white shadow-sm transition-colors hover:bg-teal-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:ring-offset-2 focus-visible:ring-offset-slate-900 [&_svg]:size-4"
        >
          {done ? (
            <>
              <Check aria-hidden="true" />
              Готово!
            </>
          ) : (
            'Абонирайте се'
          )}
        </button>
      </div>
      <p role="status" className="min-h-5 text-sm text-accent-400">
        {done ? 'Благодарим ви за абонамента!' : ''}
      </p>
    </form>
  );
}
