import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buttonClasses } from '@/shared/ui/button';

/** Turns anything thrown into a readable message. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const { message, status, statusText, data } = error as Record<string, unknown>;
    if (typeof message === 'string' && message) return message;
    if (typeof status === 'number') {
      const detail = typeof data === 'string' ? data : typeof statusText === 'string' ? statusText : '';
      return `${status} ${detail}`.trim();
    }
  }
  return 'Unknown error';
}

/** The fallback for any unhandled rendering error: 'Unexpected Application Error!' with the message. */
export function ErrorFallback({ error }: { error: unknown }) {
  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-2xl flex-col justify-center gap-4 px-4 py-16">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Unexpected Application Error!</h1>
      <p className="whitespace-pre-wrap break-words rounded-md bg-danger-50 p-4 font-mono text-sm text-danger-700">
        {describeError(error)}
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonClasses()} onClick={() => window.location.reload()}>
          Презареди страницата
        </button>
        {/* A plain link: this fallback may render outside the router. */}
        <a href="/" className={buttonClasses({ variant: 'outline' })}>
          Към началната страница
        </a>
      </div>
    </div>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Custom fallback; defaults to <ErrorFallback/>. */
  fallback?: (error: unknown) => ReactNode;
  /** When this changes (e.g. the path after a navigation), a caught error is forgotten. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

/**
 * Catches rendering errors: around the whole app (providers, the router itself) and, through
 * RouteBoundary, around the pages, so a page's error shows inside the site frame and is
 * forgotten when the visitor navigates elsewhere.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, hasError: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled rendering error', error, info.componentStack);
  }

  componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey) {
      this.setState({ error: null, hasError: false });
    }
  }

  render(): ReactNode {
    if (this.state.hasError) {
      return this.props.fallback ? this.props.fallback(this.state.error) : <ErrorFallback error={this.state.error} />;
    }
    return this.props.children;
  }
}
