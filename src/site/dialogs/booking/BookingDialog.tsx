import { useEffect } from 'react';
import { Dialog, DialogContent } from '@/shared/ui/dialog';
import { track } from '@/site/runtime/insights-bus';
import { useBookingState } from './booking-state';
import { BookingWizard } from './BookingWizard';

export interface BookingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The booking calendar in a dialog. The flow's state lives here, outside the dialog content, so
 * closing the dialog by accident keeps the chosen day, time and typed details.
 */
export default function BookingDialog({ open, onOpenChange }: BookingDialogProps) {
  const state = useBookingState();
  // each opening is the booking dialog opened (docs/insights.md)
  useEffect(() => {
    if (open) track('booking_open');
  }, [open]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Запазете консултация"
        description={state.step === 1 ? 'Изберете удобен ден и час за безплатен разговор.' : 'Оставете ни данни за връзка.'}
        maxWidth={600}
      >
        <BookingWizard state={state} onSuccess={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
