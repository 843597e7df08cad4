import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../engine/testing/render-block.tsx';
import type { ReviewCardsProps } from '../../schemas/types/blocks/review-cards.ts';
import example from './example.json' with { type: 'json' };
import block from './index.tsx';

const props = example.props as ReviewCardsProps;
const long = props.reviews.find((r) => r.reviewText.length > 150)!;
const short = props.reviews.find((r) => r.reviewText.length <= 150)!;

describe('review-cards', () => {
  const html = renderBlock(block, props);

  it('shows reviewer, stars, platform, location and date', () => {
    expect(html).toMatch(/<h2[^>]*>Latest reviews<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>Jenna M\.<\/h3>/);
    expect(html).toContain('Dublin, OH');
    expect(html).toContain('aria-label="Rated 4.5 out of 5"');
    expect(html).toContain('>BirdEye<');
    expect(html).toContain('<time dateTime="2024-06-02">June 2, 2024</time>');
    expect(html).toContain('src="/images/reviews/jenna-m.svg"');
    expect(html).toMatch(/aria-hidden="true">MT<\/span>/); // initials without a picture
  });

  it('cuts reviews longer than 150 characters, with Show More', () => {
    expect(html).not.toContain(long.reviewText);
    const cut = new RegExp(`<p id="([^"]+)"[^>]*>(${long.reviewText.slice(0, 60).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^<]*)</p><button type="button"[^>]*aria-expanded="false" aria-controls="\\1"[^>]*>Show More</button>`);
    const m = cut.exec(html)!;
    expect(m).not.toBeNull();
    expect(m[2]!.endsWith('…')).toBe(true);
    expect(m[2]!.length).toBeLessThanOrEqual(151);
    expect(html).toContain(`${short.reviewText}</p>`);
  });

  it('filters by style, sorts and limits', () => {
    const out = renderBlock(block, { ...props, style: 'hs', sort: 'rating', limit: 1 });
    expect(out.match(/<h3/g)).toHaveLength(1);
    expect(out).toContain('Alicia and Ben R.');
  });
});
