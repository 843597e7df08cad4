/**
 * Which blocks run in the browser (islands), when each starts and what its code is, read from
 * the blocks' own declarations (defineBlock's `island`) and pinned here: a change to the table is
 * a change to review (update it with `vitest -u`). Every other block is static, HTML and CSS
 * only; a block joins this table only for behaviour HTML and CSS cannot give.
 */
import { describe, expect, it } from 'vitest';
import { islandClientFiles } from '../cli/blocks.ts';
import type { BlockRegistry } from '../engine/index.ts';
import { blockLoaders } from './index.ts';

const registry: BlockRegistry = Object.fromEntries(
  await Promise.all(Object.entries(blockLoaders).map(async ([type, load]) => [type, (await load()).default])),
);

describe('islands', () => {
  it('are the blocks that declare one: when each starts, and its code', () => {
    const table = Object.entries(registry)
      .filter(([, def]) => def.island)
      .map(([type, { island }]) =>
        [type.padEnd(20), island!.start.padEnd(12), island!.code, island!.parts ? ' (parts)' : ''].join(''),
      );
    expect(`\n${table.join('\n')}\n`).toMatchInlineSnapshot(`
      "
      advice-chat         interaction component
      banner              visible     component
      blog-list           load        component
      blog-search         load        component
      card-slider         visible     component
      cart-link           load        client
      cart-page           load        component
      checkout            load        component
      cookie-banner       idle        client
      download-catalog    interaction component
      embed-script        visible     component
      filter-tabs-view    visible     component
      finish-swatches     load        component
      form                visible     component
      image-cards         interaction component
      listing             load        component
      newsletter-confirm  load        component
      not-found           interaction component
      order-success       load        component
      payment-fail        load        component
      payment-verify      load        component
      quote-payment       load        component
      sample-list         load        component
      scheduling-widget   visible     component
      scroll-to-top       idle        client
      search-page         load        component
      search-popup        interaction component
      site-header         interaction client (parts)
      style-gallery       load        component
      text-media          interaction component
      unsubscribe         interaction component
      video-cards         interaction component
      "
    `);
  });

  it("find their client.ts exactly where they declare code: 'client'", () => {
    const files = islandClientFiles(registry);
    const declared = Object.keys(registry).filter((t) => registry[t]!.island?.code === 'client');
    expect(Object.keys(files)).toEqual(declared.sort());
  });
});
