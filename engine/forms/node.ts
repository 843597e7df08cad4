/** Node-only parts of the form engine (never import this from browser code). */
export { createNodeGeoSource, GEO_CACHE_LIMITS } from './geo-node.ts';
