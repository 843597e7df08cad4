import { defineRule } from '../rule.ts';

export default defineRule({
  id: 'json-syntax',
  severity: 'error',
  description: 'Every content file is valid JSON.',
  fast: true,
  check(ctx) {
    for (const file of ctx.site.files.values())
      for (const e of file.syntaxErrors) ctx.report({ file: file.rel, pointer: '', message: e.message, position: e });
  },
});
