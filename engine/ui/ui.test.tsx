import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Stars, ratingLabel, roundToHalf } from './stars.tsx';
import { Truncate, truncateText } from './truncate.tsx';
import { slidePositions, wrapIndex } from './use-slider.ts';
import { carouselCss } from './carousel.tsx';
import { videoKind, youtubeEmbedUrl, youtubeId, youtubeThumbnailUrl } from './youtube.ts';
import { VideoPlayer } from './video-player.tsx';
import { smsHref, telHref } from './phone.ts';

describe('stars', () => {
  it('rounds to half stars and names the rating', () => {
    expect([4.2, 4.3, 4.74, 4.75, 7, -1].map((v) => roundToHalf(v))).toEqual([4, 4.5, 4.5, 5, 5, 0]);
    expect(ratingLabel(4.5)).toBe('Rated 4.5 out of 5');
    expect(ratingLabel(4.83)).toBe('Rated 4.8 out of 5');
  });

  it('fills the star row to the half star, with one accessible name', () => {
    const html = renderToString(<Stars value={3.5} />);
    expect(html).toContain('role="img" aria-label="Rated 3.5 out of 5"');
    expect(html).toContain('style="width:70%"');
    expect(html.match(/<svg/g)).toHaveLength(10); // empty row + filled row
    expect(html.match(/aria-hidden="true"/g)).toHaveLength(10);
  });
});

describe('truncate', () => {
  const long = 'Every cabinet box is built from 3/4 inch plywood with a solid hardwood face frame, dovetail drawers and soft-close hinges.';

  it('cuts at a word boundary with an ellipsis, and leaves short text alone', () => {
    expect(truncateText(long, 40)).toBe('Every cabinet box is built from 3/4 inch…');
    expect(truncateText(long, 38)).toBe('Every cabinet box is built from 3/4…');
    expect(truncateText('Short text.', 40)).toBe('Short text.');
    expect(truncateText(long, long.length)).toBe(long);
  });

  it('renders the short text with a Read more button that controls it', () => {
    const html = renderToString(<Truncate text={long} limit={40} />);
    expect(html).toContain('Every cabinet box is built from 3/4 inch…');
    expect(html).not.toContain('soft-close');
    const id = /<p id="([^"]+)"/.exec(html)![1];
    expect(html).toContain(`aria-expanded="false" aria-controls="${id}">Read more</button>`);
  });

  it('renders short text without a button, and takes other labels', () => {
    expect(renderToString(<Truncate text="Short." limit={40} />)).toBe('<p>Short.</p>');
    expect(renderToString(<Truncate text={long} limit={40} moreLabel="Show More" />)).toContain('>Show More</button>');
  });
});

describe('slider positions', () => {
  it('counts positions and wraps or clamps', () => {
    expect(slidePositions(5, 1)).toBe(5);
    expect(slidePositions(5, 2)).toBe(4);
    expect(slidePositions(2, 3)).toBe(1);
    expect(wrapIndex(5, 5, true)).toBe(0);
    expect(wrapIndex(-1, 5, true)).toBe(4);
    expect(wrapIndex(7, 5, false)).toBe(4);
    expect(wrapIndex(-2, 5, false)).toBe(0);
  });

  it('scopes its media queries: dots below a width, a grid from the active width', () => {
    const css = carouselCss('x', { dotsBelow: 480, activeBelow: 768, columns: 3 });
    expect(css).toContain('@media (max-width:479.98px){[data-jv-carousel="x"]');
    expect(css).toContain('@media (min-width:768px){[data-jv-carousel="x"]');
    expect(css).toContain('grid-template-columns:repeat(3,minmax(0,1fr))');
    expect(carouselCss('x', { columns: 3 })).toBe('');
  });
});

describe('youtube', () => {
  it('finds the id in every common URL form', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=Hl7cWallCab',
      'https://youtu.be/Hl7cWallCab?t=10',
      'https://www.youtube.com/embed/Hl7cWallCab',
      'https://www.youtube-nocookie.com/embed/Hl7cWallCab',
      'https://m.youtube.com/shorts/Hl7cWallCab',
      'Hl7cWallCab',
    ])
      expect(youtubeId(url), url).toBe('Hl7cWallCab');
    expect(youtubeId('https://vimeo.com/12345')).toBeNull();
    expect(youtubeId('/videos/a.mp4')).toBeNull();
  });

  it('builds embed and thumbnail URLs', () => {
    expect(youtubeEmbedUrl('Hl7cWallCab', true)).toBe('https://www.youtube-nocookie.com/embed/Hl7cWallCab?autoplay=1&rel=0');
    expect(youtubeThumbnailUrl('Hl7cWallCab', 'hqdefault', 'http://127.0.0.1:9/')).toBe('http://127.0.0.1:9/vi/Hl7cWallCab/hqdefault.jpg');
  });

  it('shows a labelled play button over a decorative thumbnail, and no player until played', () => {
    const video = { title: 'Hanging wall cabinets', videoUrl: 'https://youtu.be/Hl7cWallCab', thumbnail: '/images/videos/a.svg' };
    expect(videoKind(video)).toBe('youtube');
    expect(videoKind({ title: 'x', videoUrl: '/v.mp4' })).toBe('file');
    const html = renderToString(<VideoPlayer video={video} />);
    expect(html).toContain('aria-label="Play video: Hanging wall cabinets"');
    expect(html).toMatch(/<img[^>]*src="\/images\/videos\/a.svg" alt="" width="640" height="360" loading="lazy"/);
    expect(html).not.toContain('<iframe');
  });
});

describe('phone links', () => {
  const us = { digits: 10, callingCode: '1' };
  it("puts the shop's calling code before a national number", () => {
    expect(telHref('(614) 555-0143', us)).toBe('tel:+16145550143');
    expect(telHref('1-614-555-0143', us)).toBe('tel:+16145550143');
    expect(smsHref('614.555.0199', us)).toBe('sms:+16145550199');
    expect(telHref('55 1234 5678', { digits: 10, callingCode: '52' })).toBe('tel:+525512345678');
  });

  it('keeps a number written with + and one of another length as written', () => {
    expect(smsHref('+44 20 7946 0958', us)).toBe('sms:+442079460958');
    expect(telHref('555-0143', us)).toBe('tel:5550143');
  });

  it('adds no calling code the shop does not name', () => {
    expect(telHref('(614) 555-0143')).toBe('tel:6145550143');
    expect(telHref('(614) 555-0143', { digits: 10 })).toBe('tel:6145550143');
  });
});
