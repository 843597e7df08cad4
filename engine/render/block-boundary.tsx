/**
 * Isolates a block: if it throws while rendering in the browser, the rest of the page stays.
 * Development shows what failed; production renders nothing in its place.
 */
import { Component, type ReactNode } from 'react';

interface Props {
  type: string;
  dev: boolean;
  children: ReactNode;
}

export class BlockBoundary extends Component<Props, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error) {
    console.error(`Block "${this.props.type}" failed to render:`, error);
  }

  render() {
    if (!this.state.error) return this.props.children;
    if (!this.props.dev) return null;
    return (
      <div className="jv-block-error" role="alert">
        {`Block "${this.props.type}" failed: ${this.state.error.message}`}
      </div>
    );
  }
}
