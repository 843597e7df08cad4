/** Build-time resolvers: props resolved once per block instance, before the head and HTML. */
import { describe, expect, it } from 'vitest';
import { buildPageData } from '../page-data/build-page-data.ts';
import { buildRouteTable } from '../routes/route-table.ts';
import { baseSite, memorySite } from '../testing/memory-site.ts';
import type { BlockContracts } from '../blocks/contract.ts';
import { createResolveState, resolveBlockProps } from './resolve.ts';

const video = { title: 'Hanging wall cabinets', videoUrl: 'https://youtu.be/Hl7cWallCab', uploadDate: '2025-03-12' };
const site = memorySite({
  ...baseSite,
  'routes.json': {
    routes: [
      {
        path: '/install',
        page: 'install',
        title: 'Install',
        description: 'd',
        schemas: { video: { addSchema: true } },
      },
      { path: '/also', page: 'install', title: 'Also', description: 'd', schemas: { video: { addSchema: true } } },
    ],
  },
  'pages/install.json': {
    blocks: [
      { type: 'vids', props: { videos: [video] } },
      { type: 'text', props: { text: 'x' } },
      { type: 'boom', props: {} },
    ],
  },
});
const routes = buildRouteTable(site);

function setup() {
  const calls: string[] = [];
  const created: string[] = [];
  const logs: string[] = [];
  const resolvers: BlockContracts = {
    vids: {
      resolve: async (props, ctx) => {
        calls.push(ctx.route.path);
        const thumb = ctx.memo('thumbs', () => {
          created.push('thumbs');
          return (id: string) => `https://img.test/${id}.jpg`;
        });
        return {
          ...props,
          videos: (props.videos as (typeof video)[]).map((v) => ({ ...v, thumbnail: thumb('Hl7cWallCab') })),
        };
      },
      jsonLd: (props) => ({ video: props.videos as (typeof video)[] }),
    },
    boom: {
      resolve: async () => {
        throw new Error('host down');
      },
    },
  };
  return { calls, created, logs, resolvers, state: createResolveState((l) => logs.push(l)) };
}

describe('block resolvers', () => {
  it('resolve each block instance with a resolver; the head and the page see the result', async () => {
    const { calls, resolvers, state } = setup();
    const first = buildPageData(site, routes[0]!, { blocks: resolvers });
    expect(first.head.jsonLd[0]).not.toHaveProperty('thumbnailUrl');
    const blockProps = await resolveBlockProps(first, resolvers, state.contextFor(routes[0]!));
    expect([...blockProps.keys()]).toEqual(['page-0']);
    const data = buildPageData(site, routes[0]!, { blockProps, blocks: resolvers });
    expect(calls).toEqual(['/install']);
    expect(data.regions[1]!.blocks[0]!.props).toEqual({
      videos: [{ ...video, thumbnail: 'https://img.test/Hl7cWallCab.jpg' }],
    });
    expect(data.regions[1]!.blocks[1]!.props).toEqual({ text: 'x' });
    expect(data.head.jsonLd[0]).toMatchObject({
      '@type': 'VideoObject',
      thumbnailUrl: ['https://img.test/Hl7cWallCab.jpg'],
    });
  });

  it('share one memo per build across routes', async () => {
    const { created, resolvers, state } = setup();
    for (const r of routes) await resolveBlockProps(buildPageData(site, r), resolvers, state.contextFor(r));
    expect(created).toEqual(['thumbs']);
  });

  it('a resolver that throws is logged and its block keeps its props', async () => {
    const { logs, resolvers, state } = setup();
    const blockProps = await resolveBlockProps(
      buildPageData(site, routes[0]!),
      resolvers,
      state.contextFor(routes[0]!),
    );
    expect(blockProps.has('page-2')).toBe(false);
    expect(logs).toEqual(['resolve: block "boom" on /install kept its props: host down']);
  });
});
