/**
 * `joinery submissions` run in-process (main(), as cli/bin.js runs it) on the database and upload
 * folder of a test server whose submissions came through the real form API: the SQLite file, or
 * under the "postgres" project the PostgreSQL database through DATABASE_URL.
 */
import { readFileSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CLAIM,
  CONTACT,
  DESIGN,
  PNG,
  file,
  submit,
  writeSite,
  type OkJson,
  tempDir,
  type TempDir,
  createTestServer,
  type TestServer,
} from '../../server/testing/index.ts';
import { runJoinery, pointAtDatabaseOf } from './test-support.ts';

let t: TestServer | undefined;
let dir: TempDir | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await t?.close();
  dir?.cleanup();
  t = dir = undefined;
});

/** A server on a site with the contact, claim and multi-step design forms; the CLI reads its database and upload folder. */
async function server() {
  dir = tempDir('joinery-submissions-');
  const siteDir = writeSite(dir.join('site'), [CONTACT, CLAIM, DESIGN]);
  t = await createTestServer({ siteDir, dist: false, config: { uploadDir: dir.join('uploads') } });
  pointAtDatabaseOf(t);
  vi.stubEnv('JOINERY_UPLOAD_DIR', dir.join('uploads'));
  return { t, siteDir };
}

const joinery = runJoinery;

const idOf = async (res: Response) => {
  expect(res.status).toBe(200);
  return ((await res.json()) as OkJson).data.id;
};

/** A contact message at 09:00, a claim with two photos at 10:00, a design request left after its first step at 11:00. */
async function threeSubmissions() {
  const app = t!.app;
  t!.clock.set('2025-03-01T09:00:00.000Z');
  const contact = await idOf(
    await submit(app, CONTACT, {
      firstName: 'Jane',
      email: 'jane@example.com',
      topic: 'design',
      message: 'Shaker doors, "sage", or oak?\n=1+1',
    }),
  );
  t!.clock.set('2025-03-01T10:00:00.000Z');
  const claim = await idOf(
    await submit(app, CLAIM, {
      orderNumber: 'HL-1042',
      photos: [file(PNG, 'damage.png', 'image/png'), file(PNG, 'box label.png', 'image/png')],
    }),
  );
  t!.clock.set('2025-03-01T11:00:00.000Z');
  const design = await idOf(await submit(app, DESIGN, { projectType: 'remodel', budget: '25000' }, { step: 0 }));
  return { contact, claim, design };
}

const storedFiles = () => t!.db.selectFrom('submission_files').selectAll().orderBy('id').execute();

describe('joinery submissions (list)', () => {
  it('an empty shop: a "No submissions." line, an empty JSON array, a header-only CSV', async () => {
    const { siteDir } = await server();
    expect(await joinery(['submissions'], siteDir)).toEqual({ code: 0, out: 'No submissions.\n', err: '' });
    expect(await joinery(['submissions', '--form', 'claim', '--status', 'complete'], siteDir)).toMatchObject({
      code: 0,
      out: 'No complete submissions of form claim.\n',
    });
    expect(await joinery(['submissions', '--format', 'json'], siteDir)).toEqual({ code: 0, out: '[]\n', err: '' });
    expect(await joinery(['submissions', '--format', 'csv'], siteDir)).toEqual({
      code: 0,
      out: 'id,form,created_at,completed_at,status,name,email,files\r\n',
      err: '',
    });
    expect(await joinery(['submissions', '--format', 'xml'], siteDir)).toMatchObject({
      code: 2,
      err: 'joinery: --format takes table | json | csv, got "xml"\n',
    });
  });

  it('lists them newest first with form, completeness, sender and files; filters by form, status and time', async () => {
    const { siteDir } = await server();
    const { contact, claim, design } = await threeSubmissions();
    const all = await joinery(['submissions'], siteDir);
    expect(all.code).toBe(0);
    expect(all.err).toBe('');
    const pad = (s: string) => s.padEnd(36);
    expect(all.out.split('\n')).toEqual([
      `${pad('Id')}  Date (UTC)        Form                 Status      Name  E-mail            Files`,
      `${design}  2025-03-01 11:00  free-kitchen-design  incomplete                              0`,
      `${claim}  2025-03-01 10:00  claim                complete                                2`,
      `${contact}  2025-03-01 09:00  contact              complete    Jane  jane@example.com      0`,
      '',
      '3 submissions; joinery submissions show ID prints one with its files',
      '',
    ]);
    const ids = async (...args: string[]) =>
      JSON.parse((await joinery(['submissions', '--format', 'json', ...args], siteDir)).out).map(
        (s: { id: string }) => s.id,
      );
    expect(await ids('--form', 'claim')).toEqual([claim]);
    expect(await ids('--status', 'incomplete')).toEqual([design]);
    expect(await ids('--status', 'complete')).toEqual([claim, contact]);
    expect(await ids('--since', '2025-03-01T10:00')).toEqual([design, claim]);
    expect(await ids('--limit', '1')).toEqual([design]);
  });

  it('--format json: answers and files with their absolute paths; --format csv: one column per answer, RFC 4180', async () => {
    const { siteDir } = await server();
    const { contact, claim } = await threeSubmissions();
    const stored = await storedFiles();
    const json = JSON.parse((await joinery(['submissions', '--format', 'json', '--form', 'claim'], siteDir)).out);
    expect(json).toEqual([
      {
        id: claim,
        form: 'claim',
        createdAt: '2025-03-01T10:00:00.000Z',
        updatedAt: '2025-03-01T10:00:00.000Z',
        completedAt: '2025-03-01T10:00:00.000Z',
        status: 'complete',
        name: '',
        email: '',
        data: { orderNumber: 'HL-1042' },
        files: stored.map((f) => ({
          field: 'photos',
          originalName: f.original_name,
          type: 'image/png',
          size: PNG.length,
          path: dir!.join('uploads', f.stored_name),
          exists: true,
        })),
      },
    ]);

    const out = (await joinery(['submissions', '--format', 'csv', '--status', 'complete'], siteDir)).out;
    expect(out.split('\r\n')).toEqual([
      'id,form,created_at,completed_at,status,name,email,files,orderNumber,firstName,email,topic,message',
      `${claim},claim,2025-03-01T10:00:00.000Z,2025-03-01T10:00:00.000Z,complete,,,${stored.map((f) => dir!.join('uploads', f.stored_name)).join('; ')},HL-1042,,,,`,
      // The message's quote is doubled inside quotes, its line break kept; a formula-like start gets an apostrophe.
      `${contact},contact,2025-03-01T09:00:00.000Z,2025-03-01T09:00:00.000Z,complete,Jane,jane@example.com,,,Jane,jane@example.com,design,"Shaker doors, ""sage"", or oak?\n=1+1"`,
      '',
    ]);
  });
});

describe('joinery submissions show', () => {
  it("prints every answer under its label and each file's original name, type, size and absolute path", async () => {
    const { siteDir } = await server();
    const { claim, contact } = await threeSubmissions();
    const [first, second] = await storedFiles();
    const shown = await joinery(['submissions', 'show', claim], siteDir);
    expect(shown).toEqual({
      code: 0,
      err: '',
      out: [
        `Submission ${claim}: claim (form claim), complete`,
        'Received 2025-03-01 10:00 UTC, completed 2025-03-01 10:00 UTC',
        '',
        'Answers',
        '  Order number  HL-1042',
        '',
        'Files',
        `  damage.png (image/png, ${PNG.length} B), field Photos`,
        `    ${dir!.join('uploads', first!.stored_name)}`,
        `  box label.png (image/png, ${PNG.length} B), field Photos`,
        `    ${dir!.join('uploads', second!.stored_name)}`,
        '',
      ].join('\n'),
    });
    // The path printed is the uploaded file.
    expect(readFileSync(dir!.join('uploads', first!.stored_name))).toEqual(PNG);
    // Its first 8 characters are enough; a file gone from the disk is said to be missing.
    rmSync(dir!.join('uploads', second!.stored_name));
    const byPrefix = await joinery(['submissions', 'show', claim.slice(0, 8)], siteDir);
    expect(byPrefix.out).toContain(`${dir!.join('uploads', second!.stored_name)} (missing on disk)`);

    const message = await joinery(['submissions', 'show', contact, '--format', 'json'], siteDir);
    expect(JSON.parse(message.out)).toMatchObject({
      id: contact,
      form: 'contact',
      data: { firstName: 'Jane', topic: 'design' },
      files: [],
      estimate: null,
    });
    const text = (await joinery(['submissions', 'show', contact], siteDir)).out;
    // A choice shows its option's label; a line break in an answer stays on one line.
    expect(text).toContain('  Topic       Kitchen design\n');
    expect(text).toContain('  Message     Shaker doors, "sage", or oak? =1+1\n');
  });

  it('a multi-step form left early says which steps were done; an unknown id is exit 1, a malformed one exit 2', async () => {
    const { siteDir } = await server();
    const { design } = await threeSubmissions();
    const shown = (await joinery(['submissions', 'show', design], siteDir)).out.split('\n');
    expect(shown.slice(0, 3)).toEqual([
      `Submission ${design}: Free kitchen design (form free-kitchen-design), incomplete`,
      'Received 2025-03-01 11:00 UTC, last step 2025-03-01 11:00 UTC',
      'Steps done: 1 of 3',
    ]);
    expect(await joinery(['submissions', 'show', '00000000-0000-4000-8000-000000000000'], siteDir)).toEqual({
      code: 1,
      out: '',
      err: 'joinery submissions show: no submission 00000000-0000-4000-8000-000000000000\n',
    });
    expect(await joinery(['submissions', 'show', '../etc'], siteDir)).toMatchObject({ code: 2 });
  });
});
