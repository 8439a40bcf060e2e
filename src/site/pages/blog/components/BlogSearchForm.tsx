import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { useNavigateTo } from '@/shared/layout/nav';
import { categoryPath } from '@/shared/config/addresses';
import { blogListPath } from '@/site/pages/blog/logic';

export interface BlogSearchFormProps {
  /** The term already applied (from ?q=), shown in the field. */
  initialQuery?: string;
  /** The category to search in (the listing keeps its filter); a search starts at page 1. */
  category?: string | null;
  className?: string;
}

/**
 * The 'Търси в блога...' box. Submitting opens the listing with the term in the URL (?q=), so the
 * search survives a reload and can be shared. Without scripts it is a plain GET form to the list
 * it searches: /blog?q=term, or /blog/category/{name}?q=term inside a category.
 */
export function BlogSearchForm({ initialQuery = '', category = null, className }: BlogSearchFormProps) {
  const navigate = useNavigateTo();
  const [value, setValue] = useState(initialQuery);
  const [lastInitial, setLastInitial] = useState(initialQuery);
  const id = useId();

  // Follow the URL when it changes under the form (back button, 'Покажи всички публикации').
  if (initialQuery !== lastInitial) {
    setLastInitial(initialQuery);
    setValue(initialQuery);
  }

  // Text typed into the prerendered page before it was hydrated is in the field but not in state:
  // take it over, and submit whatever the field holds.
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed !== undefined && typed !== initialQuery) setValue(typed);
    // only once, when the form takes over the server-rendered field
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get('q');
    navigate(blogListPath({ category, q: typeof typed === 'string' ? typed : value }));
  }

  return (
    // action and names make the form work as plain HTML too, before the page's scripts arrive
    <form role="search" action={category ? categoryPath(category) : '/blog'} method="get" onSubmit={submit} className={className}>
      <label htmlFor={id} className="sr-only">
        Търси в блога
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="search"
          name="q"
          ref={inputRef}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder="Търси в блога..."
          maxLength={200}
          autoComplete="off"
        />
        <Button type="submit" size="icon" aria-label="Търси">
          <Search aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}
