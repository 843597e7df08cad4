import { within } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { DownloadCatalogProps } from '../../schemas/types/blocks/download-catalog.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as DownloadCatalogProps;

describe('download-catalog', () => {
  it('renders several catalogues as a closed menu button', () => {
    const screen = renderBlockScreen(block, props);
    const button = screen.getByRole('button', { name: /Download Catalog/, expanded: false });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    // The menu it controls is closed (hidden) until the button opens it.
    expect(screen.queryByRole('menu')).toBeNull();
    const menu = screen.getByRole('menu', { hidden: true });
    expect([menu.id, menu.getAttribute('aria-label'), menu.hasAttribute('hidden')]).toEqual([
      button.getAttribute('aria-controls'),
      'Download Catalog',
      true,
    ]);
    const item = within(menu)
      .getAllByRole('menuitem', { hidden: true })
      .find((a) => a.textContent === 'Kitchen Cabinet Catalog 2025 (PDF)')!;
    expect([item.getAttribute('href'), item.hasAttribute('download'), item.getAttribute('tabindex')]).toEqual([
      '/images/catalogs/hearthline-kitchen-catalog-2025.pdf',
      true,
      '-1',
    ]);
  });

  it('renders one catalogue as a plain link', () => {
    const screen = renderBlockScreen(block, {
      ...props,
      catalogs: [props.catalogs[0]] as DownloadCatalogProps['catalogs'],
    });
    expect(screen.queryAllByRole('button', { hidden: true })).toEqual([]);
    expect(screen.queryAllByRole('menu', { hidden: true })).toEqual([]);
    const link = screen.getByRole('link', { name: /Kitchen Cabinet Catalog 2025 \(PDF\)$/ });
    expect([link.getAttribute('href'), link.hasAttribute('download')]).toEqual([
      '/images/catalogs/hearthline-kitchen-catalog-2025.pdf',
      true,
    ]);
  });
});
