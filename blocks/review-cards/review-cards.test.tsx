import { describe, expect, it } from 'vitest';
import { renderBlockScreen } from '../../engine/testing/index.ts';
import type { ReviewCardsProps } from '../../schemas/types/blocks/review-cards.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as ReviewCardsProps;
const long = props.reviews.find((r) => r.reviewText.length > 150)!;
const short = props.reviews.find((r) => r.reviewText.length <= 150)!;

describe('review-cards', () => {
  const screen = renderBlockScreen(block, props);

  it('shows reviewer, stars, platform, location and date', () => {
    expect(screen.getByRole('heading', { level: 2, name: 'Latest reviews' })).toBeTruthy();
    const jenna = screen.getByRole('heading', { level: 3, name: 'Jenna M.' }).closest('li, article')!;
    expect(jenna.textContent).toContain('Dublin, OH');
    expect(screen.getAllByRole('img', { name: 'Rated 4.5 out of 5' }).length).toBeGreaterThan(0);
    expect(screen.getAllByText('BirdEye').length).toBeGreaterThan(0);
    const date = screen.getByText('June 2, 2024');
    expect([date.tagName, date.getAttribute('datetime')]).toEqual(['TIME', '2024-06-02']);
    expect([...jenna.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toContain(
      '/images/reviews/jenna-m.svg',
    );
    // Initials stand in for a missing picture, hidden from screen readers (the name is there).
    expect(screen.getByText('MT').getAttribute('aria-hidden')).toBe('true');
  });

  it('cuts reviews longer than 150 characters, with Show More', () => {
    const cut = screen.getByText((text) => text.startsWith(long.reviewText.slice(0, 60)));
    // Shown: the start and an ellipsis, at most 151 characters; the rest is in the page, hidden by CSS until Show More opens.
    const [ellipsis, rest] = [...cut.querySelectorAll('span')];
    expect(ellipsis!.textContent).toBe('…');
    expect(cut.textContent!.indexOf('…') + 1).toBeLessThanOrEqual(151);
    expect(cut.textContent!.replace('…', '')).toBe(long.reviewText);
    expect(rest!.textContent).toBe(long.reviewText.slice(cut.textContent!.indexOf('…')));
    // Its Show More toggle, closed, follows the cut text.
    const more = cut.nextElementSibling!;
    expect([more.tagName, (more as HTMLDetailsElement).open, more.querySelector('summary')!.textContent]).toEqual([
      'DETAILS',
      false,
      'Show MoreShow Less',
    ]);
    expect(screen.getByText(short.reviewText).tagName).toBe('P');
  });

  it('filters by style, sorts and limits', () => {
    const out = renderBlockScreen(block, { ...props, style: 'hs', sort: 'rating', limit: 1 });
    expect(out.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Alicia and Ben R.']);
  });
});
