import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { DownloadCatalogProps } from '../../schemas/types/blocks/download-catalog.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as DownloadCatalogProps;

describe('download-catalog', () => {
  it('renders several catalogues as a closed menu button', () => {
    const html = renderBlock(block, props);
    expect(html).toMatch(/<button type="button"[^>]*aria-haspopup="menu" aria-expanded="false" aria-controls="[^"]+"[^>]*>.*Download Catalog/);
    expect(html).toMatch(/<ul id="[^"]+" role="menu" aria-label="Download Catalog"[^>]*hidden=""/);
    expect(html).toMatch(/<a role="menuitem" tabindex="-1" href="\/images\/catalogs\/hearthline-kitchen-catalog-2025.pdf" download=""[^>]*>Kitchen Cabinet Catalog 2025 \(PDF\)<\/a>/);
  });

  it('renders one catalogue as a plain link', () => {
    const html = renderBlock(block, { ...props, catalogs: [props.catalogs[0]] as DownloadCatalogProps['catalogs'] });
    expect(html).not.toContain('<button');
    expect(html).not.toContain('role="menu"');
    expect(html).toMatch(/<a href="\/images\/catalogs\/hearthline-kitchen-catalog-2025.pdf" download=""[^>]*>.*Kitchen Cabinet Catalog 2025 \(PDF\)<\/a>/);
  });
});
