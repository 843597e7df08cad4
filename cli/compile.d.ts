/** Types of cli/compile.js (plain JavaScript: it runs before any TypeScript loader). */
export function compiledDir(): Promise<string>;
export function compileFiles(files: string[], outDir: string, finalDir?: string): Promise<void>;
export function commandOf(args: string[]): string | undefined;
export function lintBundle(): Promise<string>;
export function loadLintBundle(file: string): { main(argv: string[]): Promise<number>; saveCodeCache(): void };
