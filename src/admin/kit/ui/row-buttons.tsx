import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/shared/ui/button';

/*
 * The two buttons every record's card has: 'Редактирай' and 'Изтрий', each named with the record
 * for a screen reader ('Редактирай Акме ООД'), so a page of cards is not a page of same-named
 * buttons. The name is an aria-label that begins with the visible word (a spoken command finds
 * it), not hidden text beside it, whose spacing engines join differently.
 */

interface RowButtonProps {
  /** What the card is called, as the button's accessible name ends: 'Акме ООД', '„Заглавие“'. */
  name: string;
  onClick: () => void;
  disabled?: boolean;
}

export function EditRowButton({ name, onClick, disabled }: RowButtonProps) {
  return (
    <Button size="sm" variant="outline" onClick={onClick} disabled={disabled} aria-label={`Редактирай ${name}`}>
      <Pencil aria-hidden="true" />
      Редактирай
    </Button>
  );
}

export function DeleteRowButton({ name, onClick, disabled }: RowButtonProps) {
  return (
    <Button size="sm" variant="ghost" className="text-danger-700 hover:bg-danger-50" onClick={onClick} disabled={disabled} aria-label={`Изтрий ${name}`}>
      <Trash2 aria-hidden="true" />
      Изтрий
    </Button>
  );
}
