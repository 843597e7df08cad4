import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Stars, ratingLabel, roundToHalf } from './stars.tsx';
import { Truncate, truncateText } from './truncate.tsx';
import { slidePositions, wrapIndex } from './use-slider.ts';
import { Carousel, carouselCss } from './carousel.tsx';
import { videoKind, youtubeEmbedUrl, youtubeId, youtubeThumbnailUrl } from './youtube.ts';
import { VideoPlayer } from './video-player.tsx';
import { smsHref, telHref } from './phone.ts';
import { screenOf } from '../testing/screen.ts';
import styles from './ui.module.css';

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
  const long =
    'Every cabinet box is built from 3/4 inch plywood with a solid hardwood face frame, dovetail drawers and soft-close hinges.';

  it('cuts at a word boundary with an ellipsis, and leaves short text alone', () => {
    expect(truncateText(long, 40)).toBe('Every cabinet box is built from 3/4 inch…');
    expect(truncateText(long, 38)).toBe('Every cabinet box is built from 3/4…');
    expect(truncateText('Short text.', 40)).toBe('Short text.');
    expect(truncateText(long, long.length)).toBe(long);
  });

  it('renders the cut text, the rest of it hidden until a Read more toggle opens (no script)', () => {
    const screen = screenOf(renderToString(<Truncate text={long} limit={40} />));
    const p = screen.container.querySelector('p')!;
    // The whole text is in the page: the kept start, an ellipsis, and the rest (hidden by CSS while closed).
    expect(p.textContent).toBe(`Every cabinet box is built from 3/4 inch…${long.slice(40)}`);
    const [cut, rest] = [...p.querySelectorAll('span')];
    expect([cut!.className, cut!.textContent]).toEqual([styles.truncateCut, '…']);
    expect([rest!.className, rest!.textContent]).toEqual([
      styles.truncateRest,
      ' plywood with a solid hardwood face frame, dovetail drawers and soft-close hinges.',
    ]);
    // The toggle is a closed disclosure after the text, its summary naming both states.
    const details = screen.container.querySelector('details')!;
    expect(details.hasAttribute('open')).toBe(false);
    expect(details.previousElementSibling).toBe(p);
    expect([...details.querySelectorAll('summary > span')].map((s) => [s.className, s.textContent])).toEqual([
      [styles.truncateMore, 'Read more'],
      [styles.truncateLess, 'Show less'],
    ]);
  });

  it('renders short text without a toggle, and takes other labels', () => {
    expect(renderToString(<Truncate text="Short." limit={40} />)).toBe('<p>Short.</p>');
    const labels = screenOf(
      renderToString(<Truncate text={long} limit={40} moreLabel="Show More" lessLabel="Show Less" />),
    ).container.querySelector('summary')!;
    expect(labels.textContent).toBe('Show MoreShow Less');
  });

  it('hides the rest and the open label with CSS while closed, the ellipsis and the closed label while open', () => {
    const css = readFileSync(join(import.meta.dirname, 'ui.module.css'), 'utf8');
    expect(css).toContain('.truncate:has(> .truncate-toggle:not([open])) .truncate-rest');
    expect(css).toContain('.truncate-toggle[open] .truncate-more');
    expect(css).toContain('.truncate-toggle:not([open]) .truncate-less');
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

  it('names its scope by its options, so the server and an island render the same attribute and rules', () => {
    const html = renderToString(
      <Carousel label="Cards" slides={['a', 'b', 'c']} dotsBelow={480} activeBelow={768} columns={3} />,
    );
    const section = screenOf(html).getByRole('region', { name: 'Cards' });
    expect(section.getAttribute('data-jv-carousel')).toBe('480-768-3');
    expect(section.querySelector('style')!.textContent).toBe(
      carouselCss('480-768-3', { dotsBelow: 480, activeBelow: 768, columns: 3 }),
    );
    expect(
      renderToString(<Carousel label="Other" slides={['x', 'y']} dotsBelow={480} activeBelow={768} columns={3} />),
    ).toContain('data-jv-carousel="480-768-3"');
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
    expect(youtubeEmbedUrl('Hl7cWallCab', true)).toBe(
      'https://www.youtube-nocookie.com/embed/Hl7cWallCab?autoplay=1&rel=0',
    );
    expect(youtubeThumbnailUrl('Hl7cWallCab', 'hqdefault', 'http://127.0.0.1:9/')).toBe(
      'http://127.0.0.1:9/vi/Hl7cWallCab/hqdefault.jpg',
    );
  });

  it('shows a labelled play button over a decorative thumbnail, and no player until played', () => {
    const video = {
      title: 'Hanging wall cabinets',
      videoUrl: 'https://youtu.be/Hl7cWallCab',
      thumbnail: '/images/videos/a.svg',
    };
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
