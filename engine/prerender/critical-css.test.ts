import { describe, expect, it } from 'vitest';
import { classesIn, createCriticalCss } from './critical-css.ts';

const CSS =
  ':root{--x:1}body{margin:0}.card_a{color:red}.card_a .title_b{font-weight:700}.menu_c.open_d{display:block}' +
  '.list_e:not(.empty_f){gap:1rem}@media (min-width:768px){.card_a{padding:1rem}.gone_g{color:blue}}' +
  '@media print{.gone_g{display:none}}@keyframes spin{to{transform:rotate(1turn)}}@font-face{font-family:X;src:url(x.woff2)}';

describe('critical CSS', () => {
  const critical = createCriticalCss(CSS);

  it('keeps the rules whose classes the page uses, in the sheet order, and those naming no class', () => {
    const css = critical('<div class="card_a"><h2 class="title_b">A</h2></div><ul class="list_e"></ul>');
    expect(css).toBe(
      ':root{--x:1}body{margin:0}.card_a{color:red}.card_a .title_b{font-weight:700}.list_e:not(.empty_f){gap:1rem}' +
        '@media (min-width:768px){.card_a{padding:1rem}}@keyframes spin{to{transform:rotate(1turn)}}@font-face{font-family:X;src:url(x.woff2)}',
    );
  });

  it('leaves out a rule until every class of one of its selectors is on the page (states added by scripts)', () => {
    expect(critical('<nav class="menu_c"></nav>')).not.toContain('open_d');
    expect(critical('<nav class="menu_c open_d"></nav>')).toContain('.menu_c.open_d{display:block}');
  });

  it('keeps the whole sheet when every class is used', () => {
    expect(critical('<i class="card_a title_b menu_c open_d list_e empty_f gone_g"></i>')).toBe(CSS);
  });

  it('requires the classes of a single selector inside :where(), :is() and :has(), not of a list or :not()', () => {
    const css = createCriticalCss(
      ':where(.cols_h){gap:1px}:is(.tile_i .name_j){gap:2px}.vis_k:has(>.tabs_l[data-x="1"])+*{gap:3px}' +
        ':where(.one_m,.two_n){gap:4px}.vis_k:not(.tabs_l){gap:5px}',
    );
    expect(css('<p class="vis_k">')).toBe(':where(.one_m,.two_n){gap:4px}.vis_k:not(.tabs_l){gap:5px}');
    expect(css('<p class="vis_k cols_h tile_i name_j"><b class="tabs_l">')).toBe(
      ':where(.cols_h){gap:1px}:is(.tile_i .name_j){gap:2px}.vis_k:has(>.tabs_l[data-x="1"])+*{gap:3px}' +
        ':where(.one_m,.two_n){gap:4px}.vis_k:not(.tabs_l){gap:5px}',
    );
  });

  it('keeps only the last copy of a rule repeated in the same context (a composed module bundled twice)', () => {
    const css = createCriticalCss(
      '.grid_o{display:grid}@media (min-width:768px){.grid_o{gap:1rem}}.card_p{color:red}' +
        '.grid_o{display:grid}@media (min-width:768px){.grid_o{gap:1rem}}@media print{.grid_o{gap:1rem}}',
    );
    expect(css('<div class="grid_o card_p">')).toBe(
      '.card_p{color:red}.grid_o{display:grid}@media (min-width:768px){.grid_o{gap:1rem}}@media print{.grid_o{gap:1rem}}',
    );
  });

  it('reads class attributes with several names', () => {
    expect([...classesIn('<a class="x  y" id="z"><b class="">')]).toEqual(['x', 'y']);
  });
});
