import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@/shared/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from './card';

export interface ErrorCardProps {
  /** Defaults to 'Възникна грешка'. */
  title?: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A full error card with the reason and 'Опитайте отново' (the panel's storage check, list loads). */
export function ErrorCard({ title = 'Възникна грешка', message, onRetry, retrying }: ErrorCardProps) {
  return (
    <Card role="alert" className="mx-auto max-w-xl border-danger-700/40">
      <CardHeader className="flex-row items-start gap-3">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-danger-700" />
        <div className="grid gap-1">
          <CardTitle as="h2" className="text-danger-700">
            {title}
          </CardTitle>
          <p className="break-words text-sm text-slate-700">{message}</p>
        </div>
      </CardHeader>
      {onRetry && (
        <CardContent>
          <Button variant="outline" onClick={onRetry} disabled={retrying}>
            <RotateCw aria-hidden="true" className={retrying ? 'motion-safe:animate-spin' : undefined} />
            Опитайте отново
          </Button>
        </CardContent>
      )}
    </Card>
  );
}
