/** Build time: the form's resolver (resolve.ts). */
export { resolveProps as resolve } from './resolve.ts';
