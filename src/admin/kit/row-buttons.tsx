import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/shared/ui/button';

/*
 * The two buttons every record's card has: 'Редактирай' and 'Изтрий', each named with the record
 * for a screen reader ('Редактирай Акме ООД'), so a page of cards is not a page of same-named
 * buttons.
 */

interface RowButtonProps {
  /** What the card is called, as the button's accessible name ends: 'Акме ООД', '„Заглавие“'. */
  name: string;
  onClick: () => void;
  disabled?: boolean;
}

export function EditRowButton({ name, onClick, disabled }: RowButtonProps) {
  return (
    <Button size="sm" variant="outline" onClick={onClick} disabled={disabled}>
      <Pencil aria-hidden="true" />
      Редактирай<span className="sr-only"> {name}</span>
    </Button>
  );
}

export function DeleteRowButton({ name, onClick, disabled }: RowButtonProps) {
  return (
    <Button size="sm" variant="ghost" className="text-danger-700 hover:bg-danger-50" onClick={onClick} disabled={disabled}>
      <Trash2 aria-hidden="true" />
      Изтрий<span className="sr-only"> {name}</span>
    </Button>
  );
}
