/**
 * An image field: the path typed or picked from the site's images, or a photo uploaded (chosen
 * with the file button or dropped on the field) into the site's images/uploads/, and a preview of
 * the image it names. While the upload runs the field says so; a refused file's reason is shown
 * under the field (the value stays as it was).
 */
import type { WidgetProps } from '@rjsf/utils';
import { type DragEvent, useState } from 'react';
import { PickerWidget } from './picker.tsx';
import { extensionOf, UPLOAD_LIMIT_MB, UPLOAD_TYPES, WRONG_TYPE } from './upload-types.ts';

const ACCEPT = [...Object.keys(UPLOAD_TYPES).map((e) => `.${e}`), ...new Set(Object.values(UPLOAD_TYPES))].join(',');

type Upload = { kind: 'idle' } | { kind: 'busy'; name: string } | { kind: 'error'; message: string };

/** The URL the field's value shows as a preview: a site path or a web address. */
const previewable = (value: unknown): value is string =>
  typeof value === 'string' && (/^\/[^/]/.test(value) || /^https?:\/\//.test(value));

export function ImageWidget(props: WidgetProps) {
  const [upload, setUpload] = useState<Upload>({ kind: 'idle' });
  const [dropping, setDropping] = useState(false);
  const busy = upload.kind === 'busy';
  const noteId = `${props.id}__upload`;

  const send = async (file: File | undefined) => {
    if (!file || busy) return;
    const type = UPLOAD_TYPES[extensionOf(file.name)];
    if (!type) return setUpload({ kind: 'error', message: WRONG_TYPE });
    setUpload({ kind: 'busy', name: file.name });
    try {
      const r = await fetch(`/__joinery/api/upload?name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        body: file,
        headers: { 'content-type': type },
      });
      const body = (await r.json()) as { src?: string; message?: string };
      if (r.ok && body.src) {
        setUpload({ kind: 'idle' });
        props.onChange(body.src);
      } else setUpload({ kind: 'error', message: body.message ?? `The upload failed (HTTP ${r.status}).` });
    } catch (e) {
      setUpload({ kind: 'error', message: `The upload failed: ${(e as Error).message}` });
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDropping(false);
    void send(e.dataTransfer.files[0]);
  };
  const onDragOver = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    setDropping(true);
  };

  return (
    <fieldset
      className={`jv-image-field${dropping ? ' jv-dropping' : ''}`}
      aria-label={`${props.label}: path, upload and preview`}
      aria-busy={busy}
      onDragOver={onDragOver}
      onDragLeave={() => setDropping(false)}
      onDrop={onDrop}
    >
      <PickerWidget {...props} list="jv-images" />
      <label className="jv-upload">
        Upload a photo{' '}
        <input
          type="file"
          accept={ACCEPT}
          disabled={busy || props.disabled || props.readonly}
          aria-label={`Upload a photo for ${props.label}`}
          aria-describedby={noteId}
          onChange={(e) => {
            void send(e.target.files?.[0]);
            e.target.value = ''; // the same file chosen again uploads again
          }}
        />
      </label>
      <p id={noteId} className={`jv-upload-note${upload.kind === 'error' ? ' jv-error' : ''}`} aria-live="polite">
        {upload.kind === 'busy'
          ? `Uploading ${upload.name}…`
          : upload.kind === 'error'
            ? upload.message
            : `or drop one here: JPEG, PNG, WebP, AVIF or SVG, up to ${UPLOAD_LIMIT_MB} MB.`}
      </p>
      {previewable(props.value) && <img src={props.value} alt={`Preview of ${props.label}`} />}
    </fieldset>
  );
}
