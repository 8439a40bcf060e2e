import { Button } from '@/shared/ui/button';

export interface StepButtonsProps {
  onBack: () => void;
  /** The words of the button that submits the step's form. */
  label: string;
  disabled: boolean;
  /** While the form is being sent: 'Назад' is off and the submit button says so. */
  sending?: boolean;
}

/** A wizard step's last row: 'Назад' on the left, the step's submit button on the right. */
export function StepButtons({ onBack, label, disabled, sending = false }: StepButtonsProps) {
  return (
    <div className="flex justify-between gap-3 pt-1">
      <Button variant="outline" onClick={onBack} disabled={sending}>
        Назад
      </Button>
      <Button type="submit" disabled={disabled}>
        {sending ? 'Изпращане...' : label}
      </Button>
    </div>
  );
}
