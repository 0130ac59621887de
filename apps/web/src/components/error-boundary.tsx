import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen.tsx';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** When this changes (e.g. the path), a caught error is forgotten so the new page can render. */
  resetKey?: unknown;
  /** Wraps the error screen, e.g. to centre it on a blank page. */
  className?: string;
}

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
  resetKey: unknown;
}

/** Keeps one broken screen from blanking the whole app (spec §8 generic error). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = {
    error: null,
    hasError: false,
    resetKey: this.props.resetKey,
  };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, hasError: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen failed to render', error, info.componentStack);
  }

  private readonly reset = () => {
    this.setState({ error: null, hasError: false });
  };

  override render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <div className={this.props.className}>
        <ErrorScreen error={this.state.error} onRetry={this.reset} />
      </div>
    );
  }
}
