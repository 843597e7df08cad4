// Worker thread of the prerender: TypeScript through tsx's loader, as in cli/bin.js.
import { register } from 'tsx/esm/api';

register();
await import('./prerender-worker.ts');
