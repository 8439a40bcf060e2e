import { ArrowDown, ArrowUp, ImagePlus, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/shared/ui/button';
import { Picture } from '@/shared/ui/picture';
import { toast } from '@/shared/ui/use-toast';
import { addItem, editItem, galleryText, lacksAlt, moveItem, removeItem, type GalleryDraft, type GalleryItem } from './gallery';
import { GalleryItemDialog } from './GalleryItemDialog';

export interface GalleryEditorProps {
  items: GalleryItem[];
  onChange: (items: GalleryItem[]) => void;
  /** The form's message for the gallery (an item without alt text). */
  error?: string;
}

type DialogState = { key: number; item: GalleryItem | null } | null;

/**
 * The project's gallery: add, edit, delete, and move items up and down.
 * Changes stay in the form until the project is saved. Keyboard users keep their place: after a
 * move the focus follows the moved item, and every change is announced. An item without alt text
 * (stored before it was required) says so beside its edit button.
 */
export function GalleryEditor({ items, onChange, error }: GalleryEditorProps) {
  const [dialog, setDialog] = useState<DialogState>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; direction: -1 | 1 } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const nextKey = useRef(0);
  const headingId = useId();
  const errorId = useId();

  useEffect(() => {
    if (!focusAfterMove || !listRef.current) return;
    const { id, direction } = focusAfterMove;
    const buttons = [...listRef.current.querySelectorAll<HTMLButtonElement>('button[data-move]')];
    const same = buttons.find((b) => b.dataset.move === `${id}:${direction}`);
    const other = buttons.find((b) => b.dataset.move === `${id}:${-direction}`);
    (same && !same.disabled ? same : other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, items]);

  function open(item: GalleryItem | null) {
    nextKey.current += 1;
    setDialog({ key: nextKey.current, item });
  }

  function onSave(draft: GalleryDraft) {
    if (dialog?.item) {
      onChange(editItem(items, dialog.item.id, draft));
      toast({ title: galleryText.edited });
    } else {
      onChange(addItem(items, draft));
      toast({ title: galleryText.added });
    }
    setDialog(null);
  }

  function onMove(index: number, direction: -1 | 1) {
    const item = items[index];
    const next = moveItem(items, index, direction);
    onChange(next);
    const position = next.findIndex((i) => i.id === item.id) + 1;
    setAnnouncement(`„${item.title}“ е на позиция ${position} от ${next.length}.`);
    setFocusAfterMove({ id: item.id, direction });
  }

  function onDelete(item: GalleryItem) {
    onChange(removeItem(items, item.id));
    setAnnouncement(`„${item.title}“ е премахнат от галерията.`);
    toast({ title: galleryText.deleted });
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            Галерия на проекта
          </h3>
          <p className="text-sm text-slate-600">Изображенията се показват на страницата на проекта в този ред. Промените се запазват с проекта.</p>
        </div>
        <Button variant="outline" onClick={() => open(null)}>
          <ImagePlus aria-hidden="true" />
          Добави изображение
        </Button>
      </div>

      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-danger-700">
          {error}
        </p>
      )}

      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">
          Галерията е празна. Без галерия страницата на проекта показва основното изображение.
        </p>
      ) : (
        <ol ref={listRef} className="grid gap-3" aria-label="Изображения в галерията">
          {items.map((item, index) => (
            <li key={item.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:flex-nowrap">
              <span className="w-6 shrink-0 text-center text-sm font-semibold text-slate-700" aria-hidden="true">
                {index + 1}.
              </span>
              <Picture src={item.image} alt={item.alt.trim()} width={96} height={64} className="h-16 w-24 shrink-0 rounded object-cover" />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  <span className="sr-only">{index + 1}. </span>
                  {item.title}
                </p>
                {item.description && <p className="line-clamp-2 text-sm text-slate-700">{item.description}</p>}
                {lacksAlt(item) && <p className="text-sm text-danger-700">{galleryText.altMissing}</p>}
              </div>
              <div className="flex shrink-0 flex-wrap gap-1">
                <Button
                  size="icon"
                  variant="ghost"
                  data-move={`${item.id}:-1`}
                  aria-label={`Премести нагоре: ${item.title}`}
                  disabled={index === 0}
                  onClick={() => onMove(index, -1)}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  data-move={`${item.id}:1`}
                  aria-label={`Премести надолу: ${item.title}`}
                  disabled={index === items.length - 1}
                  onClick={() => onMove(index, 1)}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Редактирай: ${item.title}`}
                  // where a refused save puts the focus: the first item to describe
                  data-alt-missing={lacksAlt(item) ? '' : undefined}
                  aria-describedby={lacksAlt(item) && error ? errorId : undefined}
                  onClick={() => open(item)}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  className="text-danger-700 hover:bg-danger-50"
                  aria-label={`Изтрий: ${item.title}`}
                  onClick={() => onDelete(item)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}

      {dialog && (
        <GalleryItemDialog
          key={dialog.key}
          open
          item={dialog.item}
          onOpenChange={(isOpen) => !isOpen && setDialog(null)}
          onSave={onSave}
        />
      )}
    </section>
  );
}
