/** VideoObject carries every property search engines require for a video rich result. */
import { describe, expect, it } from 'vitest';
import { videoObject } from './json-ld.ts';

const REQUIRED = ['name', 'description', 'thumbnailUrl', 'uploadDate'] as const;

function missing(ld: Record<string, unknown>): string[] {
  const out: string[] = REQUIRED.filter((k) => ld[k] === undefined || ld[k] === '');
  if (!ld.contentUrl && !ld.embedUrl) out.push('contentUrl or embedUrl');
  return out;
}

describe('videoObject', () => {
  it('a YouTube video: all required properties, played through its embed URL', () => {
    const ld = videoObject('https://shop.test', {
      title: 'How to hang wall cabinets',
      description: 'Find the studs and hang the corner cabinet first.',
      videoUrl: 'https://www.youtube.com/watch?v=Hl7cWallCab',
      videoType: 'youtube',
      thumbnail: 'https://i.ytimg.com/vi/Hl7cWallCab/hqdefault.jpg',
      uploadDate: '2025-03-12T09:00:00-04:00',
      duration: 'PT8M42S',
    });
    expect(missing(ld)).toEqual([]);
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'How to hang wall cabinets',
      description: 'Find the studs and hang the corner cabinet first.',
      thumbnailUrl: ['https://i.ytimg.com/vi/Hl7cWallCab/hqdefault.jpg'],
      uploadDate: '2025-03-12T09:00:00-04:00',
      duration: 'PT8M42S',
      embedUrl: 'https://www.youtube.com/embed/Hl7cWallCab',
    });
  });

  it('a video file: absolute contentUrl and thumbnail', () => {
    const ld = videoObject('https://shop.test', {
      title: 'Assembly',
      videoUrl: '/videos/a.mp4',
      videoType: 'file',
      thumbnail: '/images/videos/a.svg',
      uploadDate: '2025-01-20T09:00:00-05:00',
    });
    expect(missing(ld)).toEqual([]);
    expect(ld.contentUrl).toBe('https://shop.test/videos/a.mp4');
    expect(ld.thumbnailUrl).toEqual(['https://shop.test/images/videos/a.svg']);
    expect(ld.description).toBe('Assembly'); // falls back to the title
    expect(ld.embedUrl).toBeUndefined();
  });

  it('a YouTube video whose media file the shop hosts: embedUrl and contentUrl, the zoned upload date as given', () => {
    const ld = videoObject('https://shop.test', {
      title: 'Hinges',
      videoUrl: 'https://youtu.be/Hl7cWallCab',
      contentUrl: '/media/hinges.mp4',
      thumbnail: '/images/videos/hinges.svg',
      uploadDate: '2025-04-02T09:00:00-04:00',
    });
    expect(missing(ld)).toEqual([]);
    expect(ld).toMatchObject({
      uploadDate: '2025-04-02T09:00:00-04:00',
      contentUrl: 'https://shop.test/media/hinges.mp4',
      embedUrl: 'https://www.youtube.com/embed/Hl7cWallCab',
    });
  });

  it('reports what content leaves out (so a test of the shipped pages can catch it)', () => {
    expect(missing(videoObject('https://shop.test', { title: 'x', videoUrl: '/v.mp4' }))).toEqual([
      'thumbnailUrl',
      'uploadDate',
    ]);
  });
});
