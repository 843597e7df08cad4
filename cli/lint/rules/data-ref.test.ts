/** data-ref against tests/fixtures/data-ref, data-ref-item and data-ref-source. */
import { describe, expect, it } from 'vitest';
import { fixtureFindings } from '../testing.ts';

describe('data-ref', () => {
  it('a reference to nothing in an existing file', () => {
    expect(fixtureFindings('data-ref')).toEqual([
      {
        ruleId: 'data-ref',
        file: 'pages/about.json',
        line: 4,
        column: 57,
        message: '"data/strings.json#/about/title" does not resolve: nothing at "/about/title" in data/strings.json',
      },
    ]);
  });

  it('item references: checked against every item; an error on a page no collection uses', () => {
    expect(fixtureFindings('data-ref-item')).toEqual([
      {
        ruleId: 'data-ref',
        file: 'pages/about.json',
        line: 4,
        column: 78,
        message: '"#/summary" refers to a collection item, but page "about" is not used by any collection route',
      },
      {
        ruleId: 'data-ref',
        file: 'pages/post.json',
        line: 4,
        column: 57,
        message: '"#/title" does not resolve for 1 of 2 collection items: /posts/second',
      },
    ]);
  });

  it('a collection source that is not a list of items', () => {
    expect(fixtureFindings('data-ref-source')).toEqual([
      {
        ruleId: 'data-ref',
        file: 'routes.json',
        line: 30,
        column: 59,
        message:
          'collection "/posts/{slug}": source "data/posts.json#/count" must point to an array or an object of items, found number',
      },
    ]);
  });

  it('a key the data does not have: the nearest key beside it, the fix rewriting that segment alone', () => {
    expect(
      fixtureFindings('ten-mistakes', { ruleId: 'data-ref', keys: ['message', 'suggestions', 'fixes'] }),
    ).toMatchObject([
      {
        message:
          '"data/strings.json#/about/intor" does not resolve: nothing at "/about/intor" in data/strings.json (did you mean "intro"?)',
        suggestions: ['intro'],
        fixes: [
          { description: 'Replace "intor" with "intro"', edits: [{ length: 5, content: 'intro' }], certain: true },
        ],
      },
    ]);
  });
});
