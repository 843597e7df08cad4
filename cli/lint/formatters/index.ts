/** One reporter per output format. */
import type { Finding } from '../../../engine/node.ts';
import stylish from './stylish.ts';

export type Formatter = (findings: Finding[], ctx: { siteDir: string; rules: { id: string; description: string; severity: string }[] }) => string;

export const formatters: Record<string, Formatter> = { stylish };
