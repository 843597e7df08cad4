/** Scaffolds behind `joinery new`: each writes files that pass `joinery lint` as they are. */
export { scaffoldPage } from './page.ts';
export { scaffoldForm } from './form.ts';
export { scaffoldBlock } from './block.ts';
export type { ScaffoldResult } from './files.ts';
