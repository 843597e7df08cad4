import { describe, expect, it } from 'vitest';
import { createAssetResolver, type Manifest } from './assets.ts';

// entry -> shared; blog-list -> blog -> stars; card -> shared only; boot stands alone.
const manifest: Manifest = {
  'entry.tsx': { file: 'assets/entry-1.js', isEntry: true, imports: ['_shared.js'], css: ['assets/entry-1.css'] },
  'boot.ts': { file: 'assets/boot-1.js', isEntry: true },
  '_shared.js': { file: 'assets/shared-1.js' },
  '_blog.js': { file: 'assets/blog-1.js', imports: ['_shared.js', '_stars.js'] },
  '_stars.js': { file: 'assets/stars-1.js' },
  'blocks/blog-list/index.tsx': {
    file: 'assets/blog-list-1.js',
    isDynamicEntry: true,
    imports: ['_shared.js', '_blog.js'],
    css: ['assets/blog-list-1.css'],
  },
  'blocks/card/index.tsx': { file: 'assets/card-1.js', isDynamicEntry: true, imports: ['_shared.js'] },
};
const resolve = createAssetResolver(manifest, 'entry.tsx', (t) => `blocks/${t}/index.tsx`, 'boot.ts');

describe('createAssetResolver', () => {
  it('links the entry, preloads its imports and the blocks’ chunks with theirs', () => {
    const a = resolve(['card', 'blog-list']);
    expect(a.entry).toBe('/assets/entry-1.js');
    expect(a.boot).toBe('/assets/boot-1.js');
    expect(a.preload.sort()).toEqual([
      '/assets/blog-1.js',
      '/assets/blog-list-1.js',
      '/assets/card-1.js',
      '/assets/shared-1.js',
      '/assets/stars-1.js',
    ]);
    expect(a.css.sort()).toEqual(['/assets/blog-list-1.css', '/assets/entry-1.css']);
  });

  it('gives each block type the files its chunk imports beyond the entry’s, for a block loaded later', () => {
    // Not the chunk itself (its loader fetches it), not what the entry has; types with none are left out.
    expect(resolve(['card', 'blog-list']).blockChunks).toEqual({
      'blog-list': ['/assets/blog-1.js', '/assets/stars-1.js'],
    });
    expect(resolve(['card']).blockChunks).toEqual({});
  });
});
