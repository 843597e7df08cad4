/**
 * File fields. Layout "file-input" is a native file input; "drag-&-drop" is a labelled button
 * that opens the picker on click, Enter or Space and also takes dropped files. Either way the
 * chosen files are listed with a remove button, unsupported types are dropped with "File format
 * is not supported" and the list is capped at maxFiles (engine pickFiles).
 */
import { useRef, useState, type DragEvent } from 'react';
import { maxFileSizeMb, pickFiles } from '../../../engine/forms/index.ts';
import styles from '../styles.ts';
import { UI_TEXTS } from '../texts.ts';
import type { ControlProps } from './field.tsx';
import { describedBy, ErrorText, LabelText } from './frame.tsx';

const SHORT_NAMES: Record<string, string> = {
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/webp': 'WEBP',
  'image/heic': 'HEIC',
  'image/gif': 'GIF',
  'application/pdf': 'PDF',
  'image/*': 'images',
};

/** "JPG, PNG or PDF, up to 5 MB each, at most 6 files": what the picker will take. */
export function fileHint(fileTypes: string[] | undefined, maxMb: number, maxFiles: number | undefined): string {
  const names = [
    ...new Set((fileTypes ?? []).map((t) => SHORT_NAMES[t.toLowerCase()] ?? t.replace(/^\./, '').toUpperCase())),
  ];
  const types = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
  const parts = [
    types,
    `up to ${maxMb} MB each`,
    maxFiles === 1 ? 'one file' : maxFiles ? `at most ${maxFiles} files` : undefined,
  ];
  const text = parts.filter(Boolean).join(', ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The accept attribute: MIME types as they are, extensions with their dot. */
function acceptOf(fileTypes: string[] | undefined): string | undefined {
  if (!fileTypes?.length) return undefined;
  return fileTypes.map((t) => (t.includes('/') || t.startsWith('.') ? t : `.${t}`)).join(',');
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function FileControl({ field, f, ids, error, disabled }: ControlProps) {
  const { def } = field;
  const input = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<string>();
  const [over, setOver] = useState(false);
  const files: File[] = Array.isArray(f.value) ? (f.value as File[]) : [];
  const dropZone = def.layout === 'drag-&-drop';
  const multiple = def.maxFiles === undefined || def.maxFiles > 1;

  const add = (incoming: File[]) => {
    if (incoming.length === 0) return;
    const picked = pickFiles(files, incoming, def);
    setNotice(picked.message);
    f.onChange(picked.files);
  };
  const remove = (index: number) => {
    setNotice(undefined);
    f.onChange(files.filter((_, i) => i !== index));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) add(Array.from(e.dataTransfer.files));
  };
  const describe = describedBy(ids.hint, notice && ids.notice, error && ids.error);

  const picker = (
    <input
      ref={
        dropZone
          ? input
          : (el) => {
              input.current = el;
              f.ref(el);
            }
      }
      type="file"
      id={dropZone ? undefined : ids.input}
      name={f.name}
      multiple={multiple}
      accept={acceptOf(def.fileTypes)}
      disabled={disabled}
      // The drop zone is the control; its input only opens the system picker.
      hidden={dropZone}
      onChange={(e) => {
        add(Array.from(e.target.files ?? []));
        e.target.value = ''; // so choosing the same file again still fires change
      }}
      onBlur={dropZone ? undefined : f.onBlur}
      className={dropZone ? undefined : styles.fileInput}
      aria-invalid={!dropZone && error ? true : undefined}
      aria-describedby={dropZone ? undefined : describe}
    />
  );

  return (
    <div className={styles.file}>
      <label htmlFor={ids.input} id={ids.label} className={styles.label}>
        <LabelText field={field} />
      </label>
      {picker}
      {dropZone && (
        <button
          type="button"
          id={ids.input}
          ref={f.ref}
          className={[styles.dropZone, over && styles.dropOver].filter(Boolean).join(' ')}
          onClick={() => input.current?.click()}
          onBlur={f.onBlur}
          onDragEnter={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragOver={(e) => e.preventDefault()}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          disabled={disabled}
          aria-labelledby={`${ids.label} ${ids.input}-action`}
          aria-describedby={describe}
          aria-invalid={error ? true : undefined}
        >
          <span id={`${ids.input}-action`} className={styles.dropText}>
            {UI_TEXTS.dropZone}
          </span>
        </button>
      )}
      <p id={ids.hint} className={styles.hint}>
        {fileHint(def.fileTypes, maxFileSizeMb(def), def.maxFiles)}
      </p>
      {files.length > 0 && (
        <ul className={styles.fileList} aria-label={`${field.label}: chosen files`}>
          {files.map((file, i) => (
            <li key={`${file.name}-${i}`} className={styles.fileItem}>
              <span className={styles.fileName}>{file.name}</span>
              <span className={styles.fileSize}>{formatSize(file.size)}</span>
              <button
                type="button"
                className={styles.linkButton}
                onClick={() => remove(i)}
                aria-label={`${UI_TEXTS.remove} ${file.name}`}
              >
                {UI_TEXTS.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      {notice && (
        <p id={ids.notice} className={styles.error} role="alert">
          {notice}
        </p>
      )}
      <ErrorText id={ids.error} message={error} />
    </div>
  );
}
