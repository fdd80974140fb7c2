import { Component, type ErrorInfo, type ReactNode } from 'react';
import { GenericErrorFallback } from './GenericErrorFallback';

interface Props {
  readonly children: ReactNode;
}

interface State {
  readonly failed: boolean;
}

/** The page-level catch-all: a render error anywhere outside a panel shows the generic fallback (spec §8). */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('page error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <GenericErrorFallback /> : this.props.children;
  }
}
