// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { blockProps, renderBlockScreen } from '../../engine/testing/index.ts';
import type { PageData } from '../../engine/index.ts';
import { start } from './client.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

describe('scroll-to-top', () => {
  it('renders a labelled button, hidden until the page is scrolled', () => {
    const screen = renderBlockScreen(block, example.props);
    // Hidden: no button for the reader yet...
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
    // ...until the script shows it.
    const button = screen.getByRole('button', { hidden: true });
    expect(button.getAttribute('aria-label')).toBe('Scroll to top');
    expect(button.hasAttribute('hidden')).toBe(true);
    expect(button.getAttribute('type')).toBe('button');
  });

  it('is an island started when the browser is idle', () => {
    expect(block.island).toEqual({ start: 'idle', code: 'client' });
  });
});

describe('scroll-to-top in the browser', () => {
  let box: HTMLElement | undefined;
  afterEach(() => {
    box?.remove();
    document.documentElement.style.scrollPaddingBottom = '';
    window.scrollTo(0, 0);
  });

  it('shows past the threshold, hides above it, sits above a bottom bar, and goes back to the top', async () => {
    box = document.createElement('div');
    const props = blockProps(block, { ...example.props, threshold: 300 });
    box.innerHTML = renderToString(<block.component {...props} />);
    document.body.append(box);
    void start(box, props, {} as PageData);
    const button = box.querySelector('button')!;
    expect(button.hidden).toBe(true);
    window.scrollTo(0, 500);
    window.dispatchEvent(new Event('scroll'));
    expect(button.hidden).toBe(false);
    document.documentElement.style.scrollPaddingBottom = '64px';
    await expect.poll(() => button.style.bottom).toBe('calc(1rem + 64px)');
    button.click();
    await expect.poll(() => window.scrollY).toBe(0);
    window.dispatchEvent(new Event('scroll'));
    expect(button.hidden).toBe(true);
  });
});
