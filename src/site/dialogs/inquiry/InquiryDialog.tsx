import { useEffect } from 'react';
import { Dialog, DialogContent } from '@/shared/ui/dialog';
import { track } from '@/site/runtime/insights-bus';
import { InquiryWizard } from './InquiryWizard';

export interface InquiryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The inquiry wizard in a dialog up to 600 px wide that closes after a successful send. */
export default function InquiryDialog({ open, onOpenChange }: InquiryDialogProps) {
  // each opening is the wizard opened (docs/insights.md)
  useEffect(() => {
    if (open) track('wizard_open');
  }, [open]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Изпратете запитване" maxWidth={600}>
        <InquiryWizard onSuccess={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
