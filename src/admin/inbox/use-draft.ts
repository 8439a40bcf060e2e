import { useState } from 'react';

/**
 * A text field's value that follows the stored one until the admin types in it, and again once it is
 * saved: another field's save that lands meanwhile (the lead comes back with a new updated_at)
 * never wipes what is being typed. Returns the text, its setter (an edit) and `saved` (given a
 * text, it shows that one: what a clear leaves).
 */
export function useDraft(stored: string): [string, (value: string) => void, (value?: string) => void] {
  const [draft, setDraft] = useState({ value: stored, edited: false, seen: stored });
  let current = draft;
  if (stored !== draft.seen) {
    // the stored value changed: adopt it unless the admin is typing (React's "adjust state on a
    // prop change" during render, so the old text is never painted)
    current = { value: draft.edited ? draft.value : stored, edited: draft.edited, seen: stored };
    setDraft(current);
  }
  return [current.value, (value) => setDraft((d) => ({ ...d, value, edited: true })), (value) => setDraft((d) => ({ ...d, value: value ?? d.value, edited: false }))];
}
