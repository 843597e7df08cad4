/** User agents of smart TVs (no imports: the boot script inlines it). */
export const SMART_TV =
  /smart-?tv|hbbtv|netcast|tizen|web0s|webos|appletv|googletv|crkey|roku|bravia|aftb|aftt|aftm|viera|philipstv/i;
