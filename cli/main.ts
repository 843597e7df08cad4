/**
 * The `joinery` program. One file per command under cli/commands; each returns an exit code:
 * 0 clean, 1 content errors, 2 usage or tool failure. Errors print one line, never a stack.
 */
import { Command, CommanderError } from 'commander';
import { NotASiteError } from '../engine/content/load-site.ts';
import { setSiteDir } from './context.ts';
import { EXIT_USAGE, UsageError } from './exit-codes.ts';

// biome-ignore lint/suspicious/noExplicitAny: each command's action takes commander's arguments of its own types
type Action = (...args: any[]) => Promise<number>;
/** Wraps a command's lazily loaded action; its exit code becomes the program's. */
type Run = (load: () => Promise<Action>) => (...args: unknown[]) => Promise<void>;

export async function main(argv: string[]): Promise<number> {
  let code = 0;
  const run: Run =
    (load) =>
    async (...args: unknown[]) => {
      code = await (await load())(...args);
    };
  const program = new Command('joinery')
    .description('Joinery: config-driven storefront engine')
    .option('--site <dir>', 'content folder', 'site-config')
    .exitOverride()
    .configureOutput({ outputError: (str, write) => write(str) })
    .hook('preAction', (_cmd, action) => setSiteDir(action.optsWithGlobals().site));

  contentCommands(program, run);
  serverCommands(program, run);
  quoteCommands(program, run);
  recordCommands(program, run);

  try {
    await program.parseAsync(argv);
    return code;
  } catch (e) {
    return failed(e);
  }
}

/** The author's commands: lint, rules, check, new, types. */
function contentCommands(program: Command, run: Run) {
  program
    .command('lint')
    .description('validate every content file and run the lint rules')
    .option('--format <format>', 'stylish | json | github | sarif', 'stylish')
    .option('--max-warnings <n>', 'fail when there are more warnings than this', (v) => {
      if (!/^\d+$/.test(v)) throw new UsageError(`--max-warnings takes a whole number, got "${v}"`);
      return Number(v);
    })
    .option('--fix', 'write the certain fixes (a single near name, ...) into the files, then report what remains')
    .option('--cache', 'keep the findings in a cache file and lint only what changed since (as ESLint and Biome)')
    .option('--cache-location <path>', 'the cache file, or a folder for it (implies --cache)')
    .action(run(async () => (await import('./commands/lint.ts')).lintCommand));
  program
    .command('rules')
    .description('list every lint rule: id, severity, what it checks and its doc page')
    .action(run(async () => (await import('./commands/rules.ts')).rulesCommand));
  program
    .command('check')
    .description('report missing page, template, form, menu, data and asset files (fast)')
    .option('--format <format>', 'stylish | json | github | sarif', 'stylish')
    .action(run(async () => (await import('./commands/check.ts')).checkCommand));
  program
    .command('new')
    .description('scaffold a page, form or block that passes lint at once')
    .argument('<kind>', 'page | form | block')
    .argument('<name>', 'name in kebab-case')
    .option('--island <start>', 'block: an island starting at load | idle | visible | interaction (static without)')
    .option('--client', "block: the island's code is a framework-free client.ts, not the component")
    .action(run(async () => (await import('./commands/new.ts')).newCommand));
  program
    .command('types')
    .description('generate TypeScript types from every JSON Schema into schemas/types/')
    .option('--check', 'exit 1 when the generated types are stale, writing nothing')
    .action(run(async () => (await import('./commands/types.ts')).typesCommand));
}

/** Building and serving: build, dev, lsp, migrate, start. */
function serverCommands(program: Command, run: Run) {
  program
    .command('build')
    .description('check, lint, build the browser and SSR bundles, prerender every route')
    .action(run(async () => (await import('./commands/build.ts')).buildCommand));
  program
    .command('dev')
    .description('development server: Vite with the API mounted, reload on content edits')
    .option('--port <port>', 'port', '3000')
    .option('--host <addr>', 'address to listen on, e.g. 0.0.0.0 for every network (default: loopback only)')
    .option(
      '--allowed-host <name>',
      'a host name the server answers to besides localhost and its addresses (repeatable)',
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .action(run(async () => (await import('./commands/dev.ts')).devCommand));
  program
    .command('lsp')
    .description('language server for editors on stdio: diagnostics as you type, completion, hover, quick fixes')
    .option('--stdio', 'talk over stdin and stdout (the only transport; accepted for clients that pass it)')
    .action(run(async () => (await import('./commands/lsp.ts')).lspCommand));
  program
    .command('migrate')
    .description("apply pending database migrations and exit; --content: the blocks' content migrations instead")
    .option('--content', "rewrite pages, templates and menus with their blocks' migrations (blocks/<type>/migrations/)")
    .option('--dry-run', 'with --content: print the diff, write nothing; exit 1 when something would change')
    .action(run(async () => (await import('./commands/migrate.ts')).migrateCommand));
  program
    .command('start')
    .description('serve the built site and the API')
    .option('--port <port>', 'port (default $PORT or 3000)')
    .action(run(async () => (await import('./commands/start.ts')).startCommand));
}

/** Quote payment links: create, list, cancel. */
function quoteCommands(program: Command, run: Run) {
  const quote = program.command('quote').description('quote payment links: create, list, cancel');
  quote
    .command('create')
    .description('create a quote from a JSON file (schemas/quote.schema.json) and print its payment link')
    .argument('<file>', 'the quote file')
    .option('--expires-in <duration>', 'how long the link works: 30m, 12h, 7d, 2w', '7d')
    .option('--send', 'queue an e-mail with the link to the customer')
    .action(run(async () => (await import('./commands/quote.ts')).quoteCreateCommand));
  quote
    .command('list')
    .description('list quotes, newest first')
    .action(run(async () => (await import('./commands/quote.ts')).quoteListCommand));
  quote
    .command('cancel')
    .description('cancel an open quote: its link stops working')
    .argument('<id>', "the quote's id")
    .action(run(async () => (await import('./commands/quote.ts')).quoteCancelCommand));
}

/** What shoppers did, read-only, and the payment reconciler: orders, submissions, payments. */
function recordCommands(program: Command, run: Run) {
  const orders = program
    .command('orders')
    .description('the orders and their payments, read-only: list (the default), show');
  orders
    .command('list', { isDefault: true })
    .description('the orders, newest first: number, date, customer, status, total, payment method and latest payment')
    .option(
      '--status <status>',
      'pending | pending_payment | ordered | on_hold (the latest payment is held for review by the gateway; the order stays pending_payment)',
    )
    .option(
      '--since <when>',
      'placed since a date (2025-01-31, 2025-01-31T09:30Z; UTC unless a zone is given) or a time ago (24h, 7d, 2w)',
    )
    .option('--limit <n>', 'at most this many, newest first', '50')
    .option('--format <format>', 'table | json | csv', 'table')
    .action(run(async () => (await import('./commands/orders.ts')).ordersListCommand));
  orders
    .command('show')
    .description('one order: lines, addresses, totals, every payment and the status history')
    .argument('<id-or-number>', 'the order number (100000001) or id')
    .option('--format <format>', 'text | json', 'text')
    .action(run(async () => (await import('./commands/orders.ts')).ordersShowCommand));
  const submissions = program
    .command('submissions')
    .description("what shoppers sent through the site's forms, read-only: list (the default), show");
  submissions
    .command('list', { isDefault: true })
    .description('the form submissions, newest first: id, date, form, complete or not, name, e-mail and files')
    .option('--form <name>', 'only this form (its file name under forms/, e.g. claim)')
    .option('--status <status>', 'complete | incomplete (a multi-step form left before its last step)')
    .option(
      '--since <when>',
      'received since a date (2025-01-31, 2025-01-31T09:30Z; UTC unless a zone is given) or a time ago (24h, 7d, 2w)',
    )
    .option('--limit <n>', 'at most this many, newest first', '50')
    .option('--format <format>', 'table | json | csv (csv: one column per answer)', 'table')
    .action(run(async () => (await import('./commands/submissions.ts')).submissionsListCommand));
  submissions
    .command('show')
    .description('one submission: every answer, the estimate, and each uploaded file with its path on disk')
    .argument('<id>', 'the submission id (or its first 8 characters or more)')
    .option('--format <format>', 'text | json', 'text')
    .action(run(async () => (await import('./commands/submissions.ts')).submissionsShowCommand));
  const paymentsCmd = program.command('payments').description('card payments: finish what a crash left behind');
  paymentsCmd
    .command('reconcile')
    .description('ask the payment providers once about lost and waiting payments, settle what they say, and print it')
    .action(run(async () => (await import('./commands/payments.ts')).paymentsReconcileCommand));
}

/** The exit code of a command that threw, its message printed as one line (never a stack trace). */
function failed(e: unknown): number {
  if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : EXIT_USAGE;
  console.error(
    `joinery: ${e instanceof UsageError || e instanceof NotASiteError ? e.message : ((e as Error).message ?? e)}`,
  );
  return EXIT_USAGE;
}
