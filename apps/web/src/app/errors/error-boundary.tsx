import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n } from '../../shared/i18n/i18n.ts';
import { PlainResult } from './plain-result.tsx';

interface State {
  failed: boolean;
}

/**
 * The last line of defence around the whole app and around each page: a render error shows
 * 'Something went wrong.' instead of a blank screen. A class because React has no hook for this.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey?: string }): void {
    // Navigating elsewhere gives the next page a fresh start.
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    if (this.state.failed) return <PlainResult icon="error" title={i18n.t('error.generic')} />;
    return this.props.children;
  }
}
