/**
 * For the forms and newsletter tests: a temporary site folder with form files, a test server
 * over it, and submissions built exactly as the browser builds them (the engine's
 * submissionPayload + toFormData).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import {
  compileForm,
  submissionPayload,
  toFormData,
  type CompiledForm,
  type FormFile,
  type FormValues,
  type PayloadOptions,
} from '../../engine/node.ts';
import type { ServerConfig } from '../config.ts';
import type { Mailer } from '../mail/message.ts';
import { smtpMailer } from '../mail/transports.ts';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink.ts';
import { tempDir, type TempDir } from '../testing/temp-dir.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

const ADMINS = ['orders@hearthline.example', 'sales@hearthline.example'];

export const CONTACT: FormFile = {
  name: 'contact',
  title: 'Contact us',
  fields: [
    { name: 'firstName', type: 'text', label: 'First name', required: true, minLength: 2 },
    { name: 'email', type: 'email', label: 'Email', required: true },
    { name: 'phone', type: 'tel', label: 'Phone', onlyNumbers: true },
    {
      name: 'topic',
      type: 'select',
      label: 'Topic',
      required: true,
      options: [
        { value: 'design', label: 'Kitchen design' },
        { value: 'order', label: 'An existing order' },
      ],
    },
    { name: 'message', type: 'textarea', label: 'Message', required: true, maxLength: 500 },
  ],
  messages: { success: 'We have received your message. Our Team will contact you soon.' },
  emailNotifications: [
    { to: 'admin', subject: 'New contact request from {firstName}' },
    {
      to: 'field:email',
      subject: 'We received your message',
      message: 'Thank you for contacting us. We reply within one business day.',
    },
  ],
};

export const CLAIM: FormFile = {
  name: 'claim',
  fields: [
    { name: 'orderNumber', type: 'text', label: 'Order number', required: true },
    {
      name: 'photos',
      type: 'file',
      label: 'Photos',
      required: true,
      fileTypes: ['image/jpeg', 'image/png'],
      maxFiles: 2,
      maxFileSize: 0.1,
    },
  ],
  emailNotifications: [{ to: 'claims@hearthline.example', subject: 'New claim {orderNumber}' }],
};

export const DESIGN: FormFile = {
  name: 'free-kitchen-design',
  title: 'Free kitchen design',
  steps: [
    {
      title: 'Project',
      fields: [
        {
          name: 'projectType',
          type: 'radio',
          label: 'Project type',
          required: true,
          options: [
            { value: 'remodel', label: 'Remodel' },
            { value: 'new-build', label: 'New build' },
          ],
        },
        { name: 'budget', type: 'number', label: 'Budget' },
      ],
    },
    {
      title: 'Room measurements',
      fields: [
        { name: 'ceilingHeight', type: 'number', label: 'Ceiling height (in)', required: true },
        {
          name: 'plan',
          type: 'file',
          label: 'Floor plan',
          required: true,
          fileTypes: ['.jpg', '.png', '.pdf'],
          maxFiles: 1,
        },
      ],
    },
    {
      title: 'Contact details',
      fields: [
        { name: 'fullName', type: 'text', label: 'Full name', required: true },
        { name: 'email', type: 'email', label: 'Email', required: true },
      ],
    },
  ],
  emailNotifications: [{ to: 'admin', subject: 'Free kitchen design request' }],
};

export const NEWSLETTER: FormFile = {
  name: 'newsletter',
  fields: [{ name: 'email', type: 'email', label: 'Email', required: true }],
  messages: {
    success: 'Thank you! Please check your inbox and open the link in our e-mail to confirm your subscription.',
  },
};

const SITE = {
  $schema: '../schemas/site.schema.json',
  name: 'Hearthline Cabinetry',
  origin: 'https://www.hearthline.example',
  adminEmails: ADMINS,
};

/** Writes site.json and forms/NAME.json into `dir`; returns dir. */
export function writeSite(dir: string, forms: FormFile[], site: Record<string, unknown> = SITE): string {
  mkdirSync(join(dir, 'forms'), { recursive: true });
  writeFileSync(join(dir, 'site.json'), JSON.stringify(site));
  for (const form of forms)
    writeFileSync(
      join(dir, 'forms', `${form.name}.json`),
      JSON.stringify({ $schema: '../../schemas/form.schema.json', ...form }),
    );
  return dir;
}

/** Posts one step the way the form block does; `extra` adds or overrides text parts. */
export function submit(
  app: { request: (input: Request) => Response | Promise<Response> },
  form: FormFile | CompiledForm,
  values: FormValues,
  o: {
    step?: number;
    id?: string;
    extra?: Record<string, string>;
    headers?: Record<string, string>;
  } & PayloadOptions = {},
): Promise<Response> {
  const compiled = 'byName' in form ? (form as CompiledForm) : compileForm(form as FormFile);
  const payload = submissionPayload(compiled, o.step ?? 0, values, o.id, o);
  Object.assign(payload.fields, o.extra);
  return Promise.resolve(
    app.request(
      new Request(`http://localhost/api/forms/${compiled.name}`, {
        method: 'POST',
        body: toFormData(payload),
        headers: o.headers,
      }),
    ),
  );
}

/** A 1x1 PNG, real magic bytes. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** The start of a JPEG (JFIF), enough for content detection. */
export const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64, 0x11),
  Buffer.from('ffd9', 'hex'),
]);

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export const file = (bytes: Buffer | string, name: string, type: string) =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });

export interface ErrorJson {
  success: false;
  message: string;
  errors?: Record<string, string>;
}

export interface OkJson {
  success: true;
  message: string;
  data: { id: string; step: number; completedSteps: number[]; completed: boolean };
}

export interface SiteServerOptions {
  forms: FormFile[];
  site?: Record<string, unknown>;
  /** Files of the site's data folder: name (without .json) -> content. */
  data?: Record<string, unknown>;
  config?: Partial<ServerConfig>;
  /** Deliver the shop's mail to a real SMTP server (`sink`) instead of the memory mailer. */
  smtp?: boolean;
}

interface SiteServer {
  t: TestServer<Mailer>;
  /** The temporary folder: the site in `site/`, uploads in `uploads/`. */
  dir: TempDir;
  sink: SmtpSink | undefined;
}

/**
 * One test server at a time over a site written from form files: `start` it in a test, read it
 * with `now()`; it is closed and its folder removed after each test (or by `stop`).
 */
export function siteServerPerTest(prefix: string) {
  let current: (SiteServer & { mailer: Mailer | undefined }) | undefined;
  async function stop() {
    const c = current;
    current = undefined;
    if (!c) return;
    await c.t.close();
    c.mailer?.close();
    await c.sink?.close();
    c.dir.cleanup();
  }
  afterEach(stop);

  /** The mailer is a MemoryMailer (its `sent` list) unless `smtp` is set. */
  async function start(o: SiteServerOptions & { smtp?: false }): Promise<TestServer>;
  async function start(o: SiteServerOptions): Promise<TestServer<Mailer>>;
  async function start(o: SiteServerOptions): Promise<TestServer<Mailer>> {
    await stop();
    const dir = tempDir(prefix);
    const siteDir = writeSite(dir.join('site'), o.forms, o.site);
    for (const [name, content] of Object.entries(o.data ?? {})) {
      mkdirSync(join(siteDir, 'data'), { recursive: true });
      writeFileSync(join(siteDir, 'data', `${name}.json`), JSON.stringify(content));
    }
    const sink = o.smtp ? await startSmtpSink() : undefined;
    const mailer = sink && smtpMailer(sink.url, '"Hearthline Cabinetry" <no-reply@hearthline.example>');
    try {
      const t = await createTestServer<Mailer>({
        dist: false,
        siteDir,
        mailer,
        config: { uploadDir: dir.join('uploads'), ...o.config },
      });
      current = { t, dir, sink, mailer };
      return t;
    } catch (e) {
      mailer?.close();
      await sink?.close();
      dir.cleanup();
      throw e;
    }
  }

  function now(): SiteServer {
    if (!current) throw new Error('siteServerPerTest: no server started in this test');
    return current;
  }
  return { start, stop, now };
}
