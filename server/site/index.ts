/** How the server serves the build, for the tools that prepare or preview it: content types, what is precompressed, the SVG policy. */
export { contentType, SVG_CSP } from './mime.ts';
export { compressible } from '../http/compression.ts';
