import { Component, type ErrorInfo, type ReactNode } from 'react';
import { BlockLoadFailed } from './BlockLoadFailed';

interface Props {
  /** Names the block in logs. */
  readonly name: string;
  readonly children: ReactNode;
}

interface State {
  readonly failed: boolean;
}

/** Wraps one block (a panel, a header, a bar): a runtime error there shows "data failed to load" with Retry, never a blank page. */
export class BlockBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`block ${this.props.name} failed`, error, info.componentStack);
  }

  private readonly retry = (): void => {
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? <BlockLoadFailed mode="retry" onRetry={this.retry} /> : this.props.children;
  }
}
