import { cleanup, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from '../i18n/i18n';
import { preloadable } from './preloadable';

beforeAll(async () => {
  await initI18n('pt-pt', ['common']);
});
afterEach(cleanup);

/** A module load the test settles by hand. */
function deferredModule() {
  let resolve!: (m: { default: () => ReactNode }) => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<{ default: () => ReactNode }>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { load: () => promise, resolve, reject };
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(err: Error) {
    return { error: err.message };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

describe('preloadable', () => {
  it('renders nothing until its code and texts are there, then the component', async () => {
    const mod = deferredModule();
    const Modal = preloadable(mod.load, ['auth']);
    render(<Modal.Component />);
    expect(document.body.textContent).toBe('');
    mod.resolve({ default: () => <p>login modal</p> });
    expect(await screen.findByText('login modal')).toBeTruthy();
    expect(i18next.hasLoadedNamespace('auth')).toBe(true);
  });

  it('renders at once, in its first render, once preloaded', async () => {
    const mod = deferredModule();
    const Modal = preloadable(mod.load, ['checkout']);
    mod.resolve({ default: () => <p>checkout modal</p> });
    await Modal.preload();
    render(<Modal.Component />);
    expect(screen.getByText('checkout modal')).toBeTruthy();
  });

  it('throws a failed load to the error boundary', async () => {
    const mod = deferredModule();
    const Modal = preloadable(mod.load, []);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the error too
    render(
      <Boundary>
        <Modal.Component />
      </Boundary>,
    );
    mod.reject(new Error('chunk missing'));
    expect(await screen.findByText('failed: chunk missing')).toBeTruthy();
    logged.mockRestore();
  });
});
