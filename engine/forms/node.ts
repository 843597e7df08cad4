/** Node-only parts of the form engine (never import this from browser code). */
export { createNodeGeoSource } from './geo-node.ts';
