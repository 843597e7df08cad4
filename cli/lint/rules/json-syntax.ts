import { defineRule } from '../rule.ts';

export default defineRule({
  meta: {
    code: 'json-syntax',
    name: 'Invalid JSON',
    severity: 'error',
    docs: { description: 'Every content file is valid JSON.', url: 'docs/rules/json-syntax.md' },
  },
  fast: true,
  checkFile(ctx, file) {
    for (const e of file.syntaxErrors) ctx.report({ file: file.rel, pointer: '', message: e.message, position: e });
  },
});
