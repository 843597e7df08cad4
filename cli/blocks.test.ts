/** The parts of a block found in its folder by name: build.ts and client.ts. */
import { describe, expect, it } from 'vitest';
import { islandClientFiles, loadBlockContracts } from './blocks.ts';

describe('block discovery', () => {
  it('finds the framework-free islands by their client.ts', () => {
    expect(Object.keys(islandClientFiles())).toEqual(['cart-link', 'cookie-banner', 'scroll-to-top', 'site-header']);
  });

  it("loads each block's schema and its build.ts exports", async () => {
    const blocks = await loadBlockContracts();
    const having = (key: 'resolve' | 'jsonLd') => Object.keys(blocks).filter((t) => blocks[t]![key]);
    expect(having('resolve')).toEqual(['form', 'text-media', 'video-cards']);
    expect(having('jsonLd')).toEqual(['faq-list', 'video-cards']);
    expect(blocks.heading!.schema).toMatchObject({ properties: { level: { default: 1 } } });
  });
});
