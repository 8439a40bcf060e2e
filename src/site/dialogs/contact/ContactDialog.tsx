import { Dialog, DialogContent } from '@/shared/ui/dialog';
import { ContactWizard } from './ContactWizard';

export interface ContactDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The inquiry wizard in a dialog up to 600 px wide that closes after a successful send. */
export default function ContactDialog({ open, onOpenChange }: ContactDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Изпратете запитване" maxWidth={600}>
        <ContactWizard onSuccess={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
