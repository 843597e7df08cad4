/** missing-file against its fixtures (tests/fixtures/missing-file-*, form-block-missing). */
import { describe, expect, it } from 'vitest';
import { fixtureFindings } from '../testing.ts';
import missingFile from './missing-file.ts';

describe('missing-file', () => {
  it('a route whose page file is missing: the route, the expected path and `joinery new page`', () => {
    expect(fixtureFindings('missing-file-page')).toEqual([
      {
        ruleId: 'missing-file',
        file: 'routes.json',
        line: 13,
        column: 15,
        message: 'route "/about": page file pages/about.json does not exist',
        fix: 'joinery new page about',
      },
    ]);
  });

  it('templates named by a page and by a route', () => {
    expect(fixtureFindings('missing-file-template')).toEqual([
      {
        ruleId: 'missing-file',
        file: 'pages/about.json',
        line: 3,
        column: 15,
        message: 'page "about": template file templates/blog.json does not exist',
        fix: 'create templates/blog.json',
      },
      {
        ruleId: 'missing-file',
        file: 'routes.json',
        line: 8,
        column: 19,
        message: 'route "/": template file templates/landing.json does not exist',
        fix: 'create templates/landing.json',
      },
    ]);
  });

  it('a form named by a block prop, with `joinery new form`', () => {
    // Only the fast rules: no block of the fixture takes a "form" prop, so schema objects too.
    expect(fixtureFindings('missing-file-form', { fastOnly: true })).toEqual([
      {
        ruleId: 'missing-file',
        file: 'pages/about.json',
        line: 4,
        column: 66,
        message: 'form "contact-us": file forms/contact-us.json does not exist',
        fix: 'joinery new form contact-us',
      },
    ]);
  });

  it('data and menu files behind $data, and a collection source; a near menu file is suggested', () => {
    expect(fixtureFindings('missing-file-data')).toEqual([
      {
        ruleId: 'missing-file',
        file: 'pages/about.json',
        line: 7,
        column: 29,
        message: 'data file data/about.json does not exist (referenced by "data/about.json#/title")',
        fix: 'create data/about.json',
      },
      {
        ruleId: 'missing-file',
        file: 'pages/about.json',
        line: 8,
        column: 29,
        message: 'menu file menus/main.json does not exist (referenced by "menus/main.json#/items/0/label")',
        fix: 'create menus/main.json',
      },
      // A name near a file of the same folder is most likely a typo: no "create", the nearest instead.
      {
        ruleId: 'missing-file',
        file: 'pages/home.json',
        line: 8,
        column: 29,
        message:
          'menu file menus/foter.json does not exist (referenced by "menus/foter.json#/items/0/label") (did you mean "menus/footer.json"?)',
      },
      {
        ruleId: 'missing-file',
        file: 'routes.json',
        line: 30,
        column: 59,
        message: 'collection "/posts/{slug}": data file catalogs/posts.json does not exist',
        fix: 'create catalogs/posts.json',
      },
    ]);
  });

  it('local images in site.json and inside a text (an existing one passes)', () => {
    expect(fixtureFindings('missing-file-asset')).toEqual([
      {
        ruleId: 'missing-file',
        file: 'pages/about.json',
        line: 8,
        column: 91,
        message: 'image "/images/shop.jpg": file images/shop.jpg does not exist',
        fix: 'add the image at images/shop.jpg',
      },
      {
        ruleId: 'missing-file',
        file: 'site.json',
        line: 6,
        column: 20,
        message: 'image "/images/logo.svg": file images/logo.svg does not exist',
        fix: 'add the image at images/logo.svg',
      },
    ]);
  });

  it('a form block naming a form file that does not exist (an existing one passes)', () => {
    expect(fixtureFindings('form-block-missing', { rules: [missingFile] })).toEqual([
      {
        ruleId: 'missing-file',
        file: 'pages/about.json',
        line: 5,
        column: 42,
        message: 'form "contact-us": file forms/contact-us.json does not exist',
        fix: 'joinery new form contact-us',
      },
    ]);
  });

  it('a missing image near two existing files: both suggested, neither fix certain', () => {
    expect(
      fixtureFindings('ten-mistakes', { ruleId: 'missing-file', keys: ['message', 'fix', 'suggestions', 'fixes'] }),
    ).toMatchObject([
      {
        message:
          'image "/images/oak-dor.svg": file images/oak-dor.svg does not exist (did you mean "/images/oak-door.svg" or "/images/oak-doors.svg"?)',
        suggestions: ['/images/oak-door.svg', '/images/oak-doors.svg'],
        fixes: [
          { edits: [{ length: 19, content: '/images/oak-door.svg' }], certain: false },
          { edits: [{ length: 19, content: '/images/oak-doors.svg' }], certain: false },
        ],
      },
    ]);
  });

  it('a misspelled page or template name: the nearest unrouted page, the nearest template, each a certain fix', () => {
    expect(
      fixtureFindings('missing-file-near', {
        ruleId: 'missing-file',
        keys: ['file', 'line', 'message', 'fix', 'fixes'],
      }),
    ).toMatchObject([
      {
        file: 'pages/home.json',
        line: 3,
        message: 'page "home": template file templates/defualt.json does not exist (did you mean "default"?)',
        fixes: [{ edits: [{ content: '"default"' }], certain: true }],
      },
      {
        file: 'routes.json',
        line: 13,
        message: 'route "/about": page file pages/abuot.json does not exist (did you mean "about"?)',
        fixes: [{ edits: [{ content: '"about"' }], certain: true }],
      },
    ]);
    // No "create" advice beside a suggestion.
    expect(fixtureFindings('missing-file-near', { ruleId: 'missing-file' }).filter((f) => f.fix)).toEqual([]);
  });
});
