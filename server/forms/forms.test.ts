/**
 * POST /api/forms/{name} through the real app: real multipart bodies built as the browser builds
 * them, rows read back from SQLite, files on disk, e-mail delivered to a real SMTP server.
 */
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { FORM_TEXTS, type FormFile } from '../../engine/node.ts';
import { listen } from '../listen.ts';
import { DEFAULT_CONTENT_DIR } from '../paths.ts';
import { loadForm } from './definitions.ts';
import {
  CLAIM,
  CONTACT,
  DESIGN,
  JPEG,
  PDF,
  PNG,
  file,
  siteServerPerTest,
  submit,
  writeSite,
  type OkJson,
  type SiteServerOptions,
} from './test-support.ts';

const server = siteServerPerTest('joinery-forms-');
/** The site with the contact, claim and design forms unless `forms` says otherwise. */
const start = (o: Partial<SiteServerOptions> = {}) => server.start({ forms: [CONTACT, CLAIM, DESIGN], ...o });
const dir = () => server.now().dir;

const uploads = () => (existsSync(dir().join('uploads')) ? readdirSync(dir().join('uploads')) : []);
const rows = () => server.now().t.db.selectFrom('form_submissions').selectAll().execute();
const fileRows = () => server.now().t.db.selectFrom('submission_files').selectAll().execute();

const jane = {
  firstName: 'Jane',
  email: 'jane@example.com',
  phone: '6145550143',
  topic: 'design',
  message: 'Shaker doors in <b>sage</b> & oak?\nThanks',
};

describe('POST /api/forms/{name}: a single-step form', () => {
  it('stores the submission and delivers the configured notifications to a real SMTP server', async () => {
    const { app, outbox } = await start({ smtp: true });
    const res = await submit(app, CONTACT, { ...jane, isAdmin: 'yes' });
    expect(res.status).toBe(200);
    const json = (await res.json()) as OkJson;
    expect(json).toEqual({
      success: true,
      message: 'We have received your message. Our Team will contact you soon.',
      data: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), step: 0, completedSteps: [0], completed: true },
    });

    const [row, ...more] = await rows();
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      id: json.data.id,
      form_name: 'contact',
      completed_steps: '[0]',
      completed_at: '2025-01-15T12:00:00.000Z',
    });
    expect(row!.definition_hash).toMatch(/^[0-9a-f]{64}$/);
    // Unknown fields are dropped; values are stored trimmed and coerced.
    expect(JSON.parse(row!.data)).toEqual(jane);

    expect(await outbox.drain()).toEqual({ sent: 2, retried: 0, failed: 0 });
    const mails = await server.now().sink!.waitFor(2);
    const admin = mails.find((m) => m.to === 'orders@hearthline.example')!;
    expect(admin).toMatchObject({ cc: 'sales@hearthline.example', subject: 'New contact request from Jane' });
    expect(admin.envelope.to.sort()).toEqual(['orders@hearthline.example', 'sales@hearthline.example']);
    expect(admin.text).toContain('First name: Jane');
    expect(admin.text).toContain('Topic: Kitchen design');
    expect(admin.html).toContain(
      '<th style="padding:6px 12px;border-bottom:1px solid #ddd;vertical-align:top;text-align:left">Message</th>',
    );
    expect(admin.html).toContain('Shaker doors in &lt;b&gt;sage&lt;/b&gt; &amp; oak?<br/>Thanks');
    expect(admin.html).not.toContain('<b>sage</b>');
    const copy = mails.find((m) => m.to === 'jane@example.com')!;
    expect(copy.subject).toBe('We received your message');
    expect(copy.envelope.to).toEqual(['jane@example.com']);
    expect(copy.text.replace(/\r\n/g, '\n')).toContain(
      'Hello,\n\nThank you for contacting us. We reply within one business day.',
    );
  });

  it("mails the visitor only the form's fixed text: nothing they typed reaches the address they typed", async () => {
    const { app, outbox } = await start({ smtp: true });
    const spam =
      'Claim your prize at https://spam.example/win?x=1 <a href="https://spam.example">now</a> www.spam.example';
    const res = await submit(app, CONTACT, {
      firstName: 'Win https://spam.example',
      email: 'victim@elsewhere.example',
      phone: '6145550143',
      topic: 'order',
      message: spam,
    });
    expect(res.status).toBe(200);
    expect(await outbox.drain()).toEqual({ sent: 2, retried: 0, failed: 0 });
    const mails = await server.now().sink!.waitFor(2);

    const visitor = mails.find((m) => m.to === 'victim@elsewhere.example')!;
    expect(visitor.subject).toBe('We received your message');
    for (const body of [visitor.text, visitor.html]) {
      expect(body).toContain('Thank you for contacting us. We reply within one business day.');
      for (const typed of ['spam.example', 'prize', 'Win', '6145550143', 'An existing order', 'http'])
        expect(body).not.toContain(typed);
    }
    expect(visitor.text.replace(/\r\n/g, '\n').startsWith('Hello,\n\n')).toBe(true);
    expect(visitor.raw).not.toContain('spam.example');

    // The shop still gets the whole submission.
    const admin = mails.find((m) => m.to === 'orders@hearthline.example')!;
    expect(admin.text).toContain(`Message: ${spam}`);
    expect(admin.text).toContain('Email: victim@elsewhere.example');
  });

  it("greets the visitor with the shop's words only, however name-like the typed first name", async () => {
    const { app, outbox } = await start({ smtp: true });
    for (const [firstName, email] of [
      ['Visit spamsite now', 'one@elsewhere.example'],
      ["Zoë O'Brien", 'two@elsewhere.example'],
    ])
      expect((await submit(app, CONTACT, { ...jane, firstName, email })).status).toBe(200);
    expect(await outbox.drain()).toMatchObject({ sent: 4 });
    const mails = await server.now().sink!.waitFor(4);
    for (const [firstName, to] of [
      ['Visit spamsite now', 'one@elsewhere.example'],
      ["Zoë O'Brien", 'two@elsewhere.example'],
    ]) {
      const visitor = mails.find((m) => m.to === to)!;
      expect(visitor.text.replace(/\r\n/g, '\n')).toMatch(/^Hello,\n\nThank you for contacting us\./);
      expect(visitor.html).toContain('<p>Hello,</p>');
      for (const body of [visitor.text, visitor.html, visitor.subject]) {
        expect(body).not.toContain(firstName.split(' ')[0]);
        expect(body).not.toContain('spamsite');
      }
    }
  });

  it('ignores the emailNotifications the client sends: recipients come from the definition', async () => {
    const { app, outbox, mailer: m } = await start();
    const forged = JSON.stringify([{ to: 'victim@elsewhere.example', subject: 'Buy now' }]);
    const res = await submit(app, CONTACT, jane, { extra: { emailNotifications: forged } });
    expect(res.status).toBe(200);
    await outbox.drain();
    const sent = (m as unknown as { sent: { to: string; subject: string }[] }).sent;
    expect(sent.map((s) => s.to).sort()).toEqual(['jane@example.com', 'orders@hearthline.example']);
    expect(sent.map((s) => s.subject)).not.toContain('Buy now');
  });

  it('answers 422 with the engine messages for bad fields, and stores nothing', async () => {
    const { app } = await start();
    const res = await submit(app, CONTACT, {
      firstName: 'J',
      email: 'jane@',
      phone: '614-555',
      topic: 'refund',
      message: '  ',
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      success: false,
      message: 'Please correct the highlighted fields.',
      errors: {
        firstName: 'First name seems too short',
        email: 'Invalid email address',
        phone: 'Must be a number',
        topic: 'Invalid selection',
        message: 'This field is required',
      },
    });
    expect(await rows()).toEqual([]);
    const tooLong = await submit(app, CONTACT, { ...jane, message: 'x'.repeat(501) });
    expect(await tooLong.json()).toMatchObject({ errors: { message: 'Message seems too long' } });
  });

  it('refuses U+0000 in a value that passed its field rules (PostgreSQL answered 500), and stores nothing', async () => {
    const { app } = await start();
    const res = await submit(app, CONTACT, { ...jane, message: 'Shaker doors\u0000in sage?' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      success: false,
      message: 'Please correct the highlighted fields.',
      errors: { message: 'Must not contain the NUL character (U+0000)' },
    });
    // A field's own message comes first.
    const short = await submit(app, CONTACT, { ...jane, firstName: '\u0000' });
    expect(await short.json()).toMatchObject({ errors: { firstName: 'First name seems too short' } });
    expect(await rows()).toEqual([]);
  });

  it('answers 404 JSON for a form that does not exist, whatever the name', async () => {
    const { app } = await start();
    for (const name of ['nope', 'Contact', '..%2Fsite', 'contact.json', '%00']) {
      const body = new FormData();
      body.set('formData', '{}');
      const res = await app.request(`/api/forms/${name}`, { method: 'POST', body });
      expect(res.status, name).toBe(404);
      expect(await res.json()).toEqual({ success: false, message: 'Form not found' });
    }
  });

  it('picks up an edited form file without a restart', async () => {
    const { app } = await start({ forms: [CONTACT] });
    const before = await submit(app, CONTACT, { ...jane, phone: '' });
    expect(before.status).toBe(200);
    const stricter = {
      ...CONTACT,
      fields: CONTACT.fields!.map((f) => (f.name === 'phone' ? { ...f, required: true } : f)),
    };
    const file = dir().join('site', 'forms', `${CONTACT.name}.json`);
    const edited = new Date(statSync(file).mtimeMs + 60_000); // a different mtime, whatever the file system's resolution
    writeSite(dir().join('site'), [stricter]);
    utimesSync(file, edited, edited);
    const after = await submit(app, CONTACT, { ...jane, phone: '' });
    expect(after.status).toBe(422);
    expect(await after.json()).toMatchObject({ errors: { phone: 'This field is required' } });
  });

  it('loads and compiles every form the site ships', () => {
    const names = readdirSync(`${DEFAULT_CONTENT_DIR}/forms`)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5));
    for (const name of names) expect(loadForm(DEFAULT_CONTENT_DIR, name)?.name, name).toBe(name);
  });

  it('answers 500 JSON (logged, no stack) for a form file that cannot be compiled', async () => {
    const { app } = await start({
      forms: [
        {
          name: 'broken',
          fields: [
            { name: 'a', type: 'text' },
            { name: 'a', type: 'email' },
          ],
        },
      ],
    });
    const res = await submit(app, { name: 'broken', fields: [] }, {});
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      success: false,
      message: 'This form is not available right now. Please try again later.',
    });
  });

  it('uses the default success message when the form has none', async () => {
    const { app } = await start({ forms: [{ ...CONTACT, messages: undefined }] });
    expect(await (await submit(app, CONTACT, jane)).json()).toMatchObject({ message: FORM_TEXTS.success });
  });
});

describe('files', () => {
  it('stores an upload under a random name, its type read from its bytes', async () => {
    const { app, outbox, mailer: m } = await start();
    const res = await submit(app, CLAIM, {
      orderNumber: 'HL-1042',
      photos: [file(PNG, '../../etc/cabinet door.png', 'image/png')],
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as OkJson;
    const [stored, ...more] = await fileRows();
    expect(more).toEqual([]);
    expect(stored).toMatchObject({
      submission_id: data.id,
      field: 'photos',
      original_name: 'cabinet door.png',
      mime: 'image/png',
      size: PNG.length,
    });
    expect(stored!.stored_name).toMatch(/^[0-9a-f-]{36}$/);
    expect(uploads()).toEqual([stored!.stored_name]);
    expect(readFileSync(dir().join('uploads', stored!.stored_name))).toEqual(PNG);
    await outbox.drain();
    const sent = (m as unknown as { sent: { to: string; subject: string; text: string }[] }).sent;
    expect(sent).toMatchObject([{ to: 'claims@hearthline.example', subject: 'New claim HL-1042' }]);
    expect(sent[0]!.text).toContain(`Photos: cabinet door.png (${PNG.length} B)`);
  });

  it('rejects a spoofed type: a .jpg that is really text', async () => {
    const { app } = await start();
    const res = await submit(app, CLAIM, {
      orderNumber: 'HL-1042',
      photos: [file('<?php echo "hi"; ?>', 'door.jpg', 'image/jpeg')],
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      success: false,
      message: 'Please correct the highlighted fields.',
      errors: { photos: 'Unsupported file format' },
    });
    expect(uploads()).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it('rejects a real image the field does not allow, even when named as an allowed one', async () => {
    const { app } = await start();
    const res = await submit(
      app,
      DESIGN,
      {
        ceilingHeight: '96',
        plan: [file(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'plan.png', 'image/png')],
      },
      { step: 1, id: await firstStep(app) },
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errors: { plan: 'Unsupported file format' } });
  });

  it('a file over its field limit is a field error (422) and leaves nothing on disk', async () => {
    const { app } = await start();
    const big = Buffer.concat([PNG, Buffer.alloc(120 * 1024)]);
    const res = await submit(app, CLAIM, { orderNumber: 'HL-1042', photos: [file(big, 'door.png', 'image/png')] });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errors: { photos: 'File is too large, maximum allowed size is 0.1MB' } });
    expect(uploads()).toEqual([]);
  });

  it('more files than maxFiles is a field error', async () => {
    const { app } = await start();
    const photos = [1, 2, 3].map((i) => file(PNG, `door-${i}.png`, 'image/png'));
    const res = await submit(app, CLAIM, { orderNumber: 'HL-1042', photos });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errors: { photos: 'You can upload at most 2 files' } });
    expect(uploads()).toEqual([]);
  });

  it('a required file field without a file', async () => {
    const { app } = await start();
    const res = await submit(app, CLAIM, { orderNumber: 'HL-1042', photos: [] });
    expect(await res.json()).toMatchObject({ errors: { photos: 'At least one file is required' } });
  });

  it('cuts a body over the total limit off with 413 and keeps no partial file', async () => {
    const { app } = await start({ config: { uploadLimitBytes: 64 * 1024 } });
    const big = Buffer.concat([PNG, Buffer.alloc(90 * 1024)]);
    const res = await submit(
      app,
      { ...CLAIM, fields: [{ name: 'photos', type: 'file', maxFileSize: 1 }] } as FormFile,
      { photos: [file(big, 'door.png', 'image/png')] },
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, message: 'Request body is too large (limit 65536 bytes)' });
    expect(uploads()).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it('drops file parts that are not file fields of the form', async () => {
    const { app } = await start();
    const body = new FormData();
    body.set('formData', JSON.stringify(jane));
    body.append('message', new File([PNG], 'x.png', { type: 'image/png' }));
    body.append('somethingElse', new File([PNG], 'y.png', { type: 'image/png' }));
    const res = await app.request('/api/forms/contact', { method: 'POST', body });
    expect(res.status).toBe(200);
    expect(uploads()).toEqual([]);
    expect(await fileRows()).toEqual([]);
  });
});

describe('over a real port', () => {
  /**
   * Streams a chunked upload of `total` bytes and notes how much had been written when the
   * response came: the server answers without waiting for (or buffering) the rest.
   */
  function streamUpload(port: number, total: number, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; body: string; writtenAtResponse: number }>((resolve, reject) => {
      const boundary = 'joinery-port-test';
      let written = 0;
      let writtenAtResponse = -1;
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/api/forms/claim',
          method: 'POST',
          headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, ...headers },
        },
        (res) => {
          writtenAtResponse = written;
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body, writtenAtResponse });
          });
        },
      );
      req.on('error', (e) => (writtenAtResponse >= 0 ? undefined : reject(e)));
      const chunk = Buffer.alloc(64 * 1024, 0x41);
      const pump = () => {
        if (written === 0) {
          const head = `--${boundary}\r\nContent-Disposition: form-data; name="formData"\r\n\r\n{}\r\n--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
          written += Buffer.byteLength(head);
          req.write(head);
        }
        while (writtenAtResponse < 0 && written < total && !req.destroyed) {
          written += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (writtenAtResponse < 0 && !req.destroyed) req.end();
      };
      pump();
    });
  }

  it('answers 413 while a chunked upload over the total limit is still streaming', async () => {
    const t = await start({ config: { uploadLimitBytes: 256 * 1024 } });
    const srv = await listen(t.app, { port: 0, hostname: '127.0.0.1' });
    try {
      const total = 64 * 1024 * 1024;
      const res = await streamUpload(srv.port, total);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({
        success: false,
        message: 'Request body is too large (limit 262144 bytes)',
      });
      expect(res.writtenAtResponse).toBeLessThan(total / 2);
      expect(uploads()).toEqual([]);
      // A declared Content-Length over the limit is refused before any of the body is read.
      const declared = await streamUpload(srv.port, 1024 * 1024, { 'Content-Length': String(1024 * 1024) });
      expect(declared.status).toBe(413);
    } finally {
      await srv.close(100);
    }
  });
});

/** Posts the first step of DESIGN and returns its id. */
async function firstStep(app: Parameters<typeof submit>[0]): Promise<string> {
  const res = await submit(app, DESIGN, { projectType: 'remodel', budget: '25000' }, { step: 0 });
  expect(res.status).toBe(200);
  return ((await res.json()) as OkJson).data.id;
}

describe('a multi-step form', () => {
  it('gets its id on the first step; later steps update the same row; the last one notifies', async () => {
    const { app, outbox } = await start({ smtp: true });
    const r0 = await submit(app, DESIGN, { projectType: 'remodel', budget: '25000' }, { step: 0 });
    const s0 = (await r0.json()) as OkJson;
    expect(s0).toEqual({
      success: true,
      message: 'Step saved.',
      data: { id: expect.any(String), step: 0, completedSteps: [0], completed: false },
    });
    const id = s0.data.id;
    expect(await outbox.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });

    const r1 = await submit(
      app,
      DESIGN,
      { ceilingHeight: '96', plan: [file(PDF, 'plan.pdf', 'application/pdf')] },
      { step: 1, id },
    );
    expect(await r1.json()).toMatchObject({
      success: true,
      data: { id, step: 1, completedSteps: [0, 1], completed: false },
    });

    const r2 = await submit(app, DESIGN, { fullName: 'Jane Doe', email: 'jane@example.com' }, { step: 2, id });
    expect(r2.status).toBe(200);
    expect(await r2.json()).toEqual({
      success: true,
      message: FORM_TEXTS.success,
      data: { id, step: 2, completedSteps: [0, 1, 2], completed: true },
    });

    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      id,
      form_name: 'free-kitchen-design',
      completed_steps: '[0,1,2]',
      completed_at: expect.any(String),
    });
    expect(JSON.parse(all[0]!.data)).toEqual({
      projectType: 'remodel',
      budget: '25000',
      ceilingHeight: '96',
      fullName: 'Jane Doe',
      email: 'jane@example.com',
    });
    expect(await fileRows()).toMatchObject([
      { submission_id: id, field: 'plan', original_name: 'plan.pdf', mime: 'application/pdf' },
    ]);

    expect(await outbox.drain()).toMatchObject({ sent: 1 });
    const [mail] = await server.now().sink!.waitFor(1);
    expect(mail).toMatchObject({
      to: 'orders@hearthline.example',
      cc: 'sales@hearthline.example',
      subject: 'Free kitchen design request',
    });
    for (const line of [
      'Project type: Remodel',
      'Budget: 25000',
      'Ceiling height (in): 96',
      'Floor plan: plan.pdf',
      'Full name: Jane Doe',
      'Email: jane@example.com',
    ])
      expect(mail!.text).toContain(line);

    // A completed submission is final.
    const again = await submit(app, DESIGN, { fullName: 'Mallory', email: 'm@example.com' }, { step: 2, id });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ success: false, message: 'This submission has already been completed' });
  });

  it("a step posted again (after Back) updates the row and replaces that step's files", async () => {
    const { app } = await start();
    const id = await firstStep(app);
    await submit(
      app,
      DESIGN,
      { ceilingHeight: '96', plan: [file(PDF, 'plan.pdf', 'application/pdf')] },
      { step: 1, id },
    );
    const first = (await fileRows())[0]!;
    const again = await submit(
      app,
      DESIGN,
      { ceilingHeight: '108', plan: [file(PNG, 'plan.png', 'image/png')] },
      { step: 1, id },
    );
    expect(again.status).toBe(200);
    const files = await fileRows();
    expect(files).toMatchObject([{ original_name: 'plan.png', mime: 'image/png' }]);
    expect(uploads()).toEqual([files[0]!.stored_name]);
    expect(uploads()).not.toContain(first.stored_name);
    expect(JSON.parse((await rows())[0]!.data)).toMatchObject({ ceilingHeight: '108' });
  });

  it('of last steps sent at once, one completes the form and one notification goes out', async () => {
    const { app, outbox, mailer: m } = await start();
    const id = await firstStep(app);
    await submit(
      app,
      DESIGN,
      { ceilingHeight: '96', plan: [file(PDF, 'plan.pdf', 'application/pdf')] },
      { step: 1, id },
    );
    const last = () => submit(app, DESIGN, { fullName: 'Jane Doe', email: 'jane@example.com' }, { step: 2, id });
    const statuses = (await Promise.all([last(), last(), last()])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    await outbox.drain();
    expect((m as unknown as { sent: unknown[] }).sent).toHaveLength(1);
  });

  it('validates only the posted step, and the whole form on the last step', async () => {
    const { app } = await start();
    const bad0 = await submit(app, DESIGN, { budget: 'lots' }, { step: 0 });
    expect(await bad0.json()).toMatchObject({
      errors: { projectType: 'This field is required', budget: 'Must be a number' },
    });
    const id = await firstStep(app);
    // Skipping step 1 (its required fields) cannot complete the form.
    const skipped = await submit(app, DESIGN, { fullName: 'Jane Doe', email: 'jane@example.com' }, { step: 2, id });
    expect(skipped.status).toBe(422);
    expect(await skipped.json()).toMatchObject({
      errors: { ceilingHeight: 'This field is required', plan: 'At least one file is required' },
    });
    expect((await rows())[0]!.completed_at).toBeNull();
  });

  it('refuses a later step without an id, an unknown id and an id of another form', async () => {
    const { app } = await start({ forms: [CONTACT, DESIGN] });
    const noId = await submit(app, DESIGN, { ceilingHeight: '96' }, { step: 1 });
    expect(noId.status).toBe(400);
    expect(await noId.json()).toEqual({
      success: false,
      message: 'Missing part: id (later steps send the id the first step returned)',
    });
    const unknown = await submit(
      app,
      DESIGN,
      { ceilingHeight: '96' },
      { step: 1, id: '4b0c5a3e-0000-4000-8000-000000000000' },
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, message: 'Submission not found' });
    const other = ((await (await submit(app, CONTACT, jane)).json()) as OkJson).data.id;
    const foreign = await submit(app, DESIGN, { ceilingHeight: '96' }, { step: 1, id: other });
    expect(foreign.status).toBe(404);
    // An id with U+0000 is looked up nowhere (PostgreSQL answered 500).
    const nul = await submit(app, DESIGN, { ceilingHeight: '96' }, { step: 1, id: `${other}\u0000` });
    expect([nul.status, await nul.json()]).toEqual([404, { success: false, message: 'Submission not found' }]);
    const badStep = await submit(app, DESIGN, {}, { step: 0, extra: { step: '7' } });
    expect(badStep.status).toBe(400);
    expect(await badStep.json()).toEqual({ success: false, message: 'Invalid step' });
  });
});

describe('bad requests get a clear 4xx, never a 500', () => {
  const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
    server.now().t.app.request('/api/forms/contact', { method: 'POST', body, headers });

  it('wrong content type, no body, malformed or truncated multipart, missing or bad parts', async () => {
    await start();
    const cases: [Response, number, string][] = [
      [
        await post(JSON.stringify(jane), { 'Content-Type': 'application/json' }),
        415,
        'Content-Type must be multipart/form-data',
      ],
      [
        await post('a=b', { 'Content-Type': 'application/x-www-form-urlencoded' }),
        415,
        'Content-Type must be multipart/form-data',
      ],
      [await post(null, { 'Content-Type': 'multipart/form-data; boundary=x' }), 400, 'Request body is empty'],
      [
        await post('--x\r\nContent-Disposition: form-data; name="formData"\r\n\r\n{}', {
          'Content-Type': 'multipart/form-data; boundary=x',
        }),
        400,
        'Malformed multipart body',
      ],
      [
        await post('garbage', { 'Content-Type': 'multipart/form-data' }),
        415,
        'Content-Type must be multipart/form-data',
      ],
      [
        await post('garbage without any boundary', { 'Content-Type': 'multipart/form-data; charset=utf-8' }),
        400,
        'Content-Type has no valid multipart boundary',
      ],
    ];
    for (const [res, status, message] of cases) {
      expect(res.status, message).toBe(status);
      expect(await res.json()).toEqual({ success: false, message });
    }
    const parts = async (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.set(k, v);
      const res = await post(body);
      return [res.status, await res.json()];
    };
    expect(await parts({ name: 'contact' })).toEqual([400, { success: false, message: 'Missing part: formData' }]);
    expect(await parts({ formData: '{"firstName":' })).toEqual([
      400,
      { success: false, message: 'The formData part must be a JSON object' },
    ]);
    expect(await parts({ formData: '["Jane"]' })).toEqual([
      400,
      { success: false, message: 'The formData part must be a JSON object' },
    ]);
    expect(await parts({ formData: JSON.stringify({ ...jane, firstName: { $gt: '' }, topic: ['design'] }) })).toEqual([
      422,
      {
        success: false,
        message: 'Please correct the highlighted fields.',
        errors: { firstName: 'This field is required', topic: 'This field is required' },
      },
    ]);
    expect(await rows()).toEqual([]);
  });
});

describe('reCAPTCHA', () => {
  /** A stand-in for Google's siteverify: form-encoded secret and response, JSON success. */
  async function standIn() {
    const { createServer } = await import('node:http');
    const seen: { contentType: string | undefined; params: Record<string, string> }[] = [];
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const params = Object.fromEntries(new URLSearchParams(raw));
        seen.push({ contentType: req.headers['content-type'], params });
        const success = params.secret === 'test-secret' && params.response === 'good-token';
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify(
            success ? { success, hostname: 'localhost' } : { success, 'error-codes': ['invalid-input-response'] },
          ),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    return {
      url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
      seen,
      close: () => new Promise<void>((r) => server.close(() => r())),
    };
  }
  const CAPTCHA: FormFile = { ...CONTACT, name: 'captcha', googleReCaptcha: true };
  const ON_SITE = {
    name: 'Hearthline Cabinetry',
    adminEmails: ['orders@hearthline.example'],
    integrations: { recaptchaSiteKey: 'site-key' },
  };

  it('when the form and the site turn it on, the token is verified with the secret', async () => {
    const verify = await standIn();
    try {
      const { app } = await start({
        forms: [CAPTCHA],
        site: ON_SITE,
        config: { recaptchaSecret: 'test-secret', recaptchaVerifyUrl: verify.url },
      });
      const missing = await submit(app, CAPTCHA, jane);
      expect(missing.status).toBe(422);
      expect(await missing.json()).toEqual({
        success: false,
        message: 'Please correct the highlighted fields.',
        errors: { recaptchaToken: 'Please complete the reCAPTCHA verification.' },
      });
      expect(verify.seen).toEqual([]);

      const bad = await submit(app, CAPTCHA, jane, { recaptcha: true, recaptchaToken: 'forged' });
      expect(bad.status).toBe(422);
      expect(await bad.json()).toMatchObject({
        errors: { recaptchaToken: 'Please complete the reCAPTCHA verification.' },
      });

      const good = await submit(app, CAPTCHA, jane, { recaptcha: true, recaptchaToken: 'good-token' });
      expect(good.status).toBe(200);
      expect(verify.seen).toEqual([
        {
          contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
          params: { secret: 'test-secret', response: 'forged' },
        },
        {
          contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
          params: { secret: 'test-secret', response: 'good-token' },
        },
      ]);
      expect(await rows()).toHaveLength(1);
    } finally {
      await verify.close();
    }
  });

  it('answers 503 (not a 500, nothing stored) when the verify service cannot be reached', async () => {
    const verify = await standIn();
    await verify.close();
    const { app } = await start({
      forms: [CAPTCHA],
      site: ON_SITE,
      config: { recaptchaSecret: 'test-secret', recaptchaVerifyUrl: verify.url },
    });
    const res = await submit(app, CAPTCHA, jane, { recaptcha: true, recaptchaToken: 'good-token' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      success: false,
      message: 'The reCAPTCHA verification is not available right now. Please try again later.',
    });
    expect(await rows()).toEqual([]);
  });

  it('requires nothing when the site has no key or the server no secret, or the form does not ask', async () => {
    const verify = await standIn();
    try {
      for (const o of [
        {
          forms: [CAPTCHA],
          site: { ...ON_SITE, integrations: {} },
          config: { recaptchaSecret: 'test-secret', recaptchaVerifyUrl: verify.url },
        },
        { forms: [CAPTCHA], site: ON_SITE, config: { recaptchaSecret: undefined, recaptchaVerifyUrl: verify.url } },
        {
          forms: [{ ...CAPTCHA, googleReCaptcha: false }],
          site: ON_SITE,
          config: { recaptchaSecret: 'test-secret', recaptchaVerifyUrl: verify.url },
        },
      ]) {
        const { app } = await start(o);
        expect((await submit(app, CAPTCHA, jane)).status).toBe(200);
        await server.stop();
      }
      expect(verify.seen).toEqual([]);
    } finally {
      await verify.close();
    }
  });

  it('on a multi-step form only the last step needs the token', async () => {
    const verify = await standIn();
    try {
      const form = { ...DESIGN, googleReCaptcha: true };
      const { app } = await start({
        forms: [form],
        site: ON_SITE,
        config: { recaptchaSecret: 'test-secret', recaptchaVerifyUrl: verify.url },
      });
      const r0 = await submit(app, form, { projectType: 'remodel' }, { step: 0 });
      const id = ((await r0.json()) as OkJson).data.id;
      await submit(app, form, { ceilingHeight: '96', plan: [file(JPEG, 'plan.jpg', 'image/jpeg')] }, { step: 1, id });
      const noToken = await submit(app, form, { fullName: 'Jane Doe', email: 'jane@example.com' }, { step: 2, id });
      expect(await noToken.json()).toMatchObject({
        errors: { recaptchaToken: 'Please complete the reCAPTCHA verification.' },
      });
      const done = await submit(
        app,
        form,
        { fullName: 'Jane Doe', email: 'jane@example.com' },
        { step: 2, id, recaptcha: true, recaptchaToken: 'good-token' },
      );
      expect(done.status).toBe(200);
      expect(verify.seen).toHaveLength(1);
    } finally {
      await verify.close();
    }
  });
});

describe('rate limit', () => {
  it('answers 429 with a clear message past the per-address limit', async () => {
    const { app } = await start({ config: { formRateLimit: { limit: 2, windowMs: 60_000 } } });
    expect((await submit(app, CONTACT, jane)).status).toBe(200);
    expect((await submit(app, CONTACT, { ...jane, email: 'bad' })).status).toBe(422);
    const limited = await submit(app, CONTACT, jane);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      success: false,
      message: 'Too many form submissions from your address. Please wait a minute and try again.',
    });
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await rows()).toHaveLength(1);
  });

  it('counts per client address (behind a trusted proxy: the address the proxy adds)', async () => {
    const { app } = await start({ config: { formRateLimit: { limit: 1, windowMs: 60_000 }, trustProxy: true } });
    const from = (address: string) => ({ headers: { 'X-Forwarded-For': `203.0.113.9, ${address}` } });
    expect((await submit(app, CONTACT, jane, from('198.51.100.1'))).status).toBe(200);
    expect((await submit(app, CONTACT, jane, from('198.51.100.1'))).status).toBe(429);
    expect((await submit(app, CONTACT, jane, from('198.51.100.2'))).status).toBe(200);
    expect((await rows()).map((r) => r.ip).sort()).toEqual(['198.51.100.1', '198.51.100.2']);
  });
});

describe('dynamic options', () => {
  const WHERE: FormFile = {
    name: 'where',
    fields: [
      { name: 'country', type: 'select', label: 'Country', dynamicOptions: 'countries', filter: 'US', required: true },
      { name: 'state', type: 'select', label: 'State', dynamicOptions: 'states', dependsOn: 'country', required: true },
    ],
  };

  it('checks dynamic choices against the data on the server', async () => {
    const { app } = await start({ forms: [WHERE] });
    const bad = await submit(app, WHERE, { country: 'CA', state: 'ZZ' });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ errors: { country: 'Invalid selection', state: 'Invalid selection' } });
    expect((await submit(app, WHERE, { country: 'US', state: 'OH' })).status).toBe(200);
  });

  it('GET /api/geo/* serves the options; anything else is a 404 JSON', async () => {
    const { app } = await start();
    const countries = (await (await app.request('/api/geo/countries')).json()) as { value: string; label: string }[];
    expect(countries).toContainEqual({ value: 'US', label: 'United States' });
    const states = await app.request('/api/geo/countries/US/states');
    expect(await states.json()).toContainEqual({ value: 'OH', label: 'Ohio' });
    const cities = (await (await app.request('/api/geo/countries/US/states/OH/cities')).json()) as { value: string }[];
    expect(cities).toContainEqual({ value: 'Columbus', label: 'Columbus' });
    for (const path of [
      '/api/geo/',
      '/api/geo/planets',
      '/api/geo/countries/US',
      '/api/geo/countries/%E0%A4%A/states',
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ success: false, message: 'Not found' });
    }
  });
});
