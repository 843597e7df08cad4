/**
 * The PDF estimate: A4, drawn with jsPDF in the browser. jsPDF (about
 * 110 kB gzip) is imported only when the shopper asks for the PDF, so no page's first load
 * carries it. The content comes from the engine's estimateDocument, built from the same values
 * and estimate as the summary on screen.
 */
import { ESTIMATE_TEXTS as T, type EstimateDocument } from '../../../engine/forms/index.ts';

/** jsPDF could not be loaded (offline, a blocked chunk): "PDF library not found". */
export class PdfLibraryError extends Error {
  override name = 'PdfLibraryError';
}

type JsPdfModule = typeof import('jspdf');

const loadJsPdf = (): Promise<JsPdfModule> => import('jspdf');

const MARGIN = 18;
const PAGE_BOTTOM = 297 - 18;

export async function downloadEstimatePdf(
  doc: EstimateDocument,
  load: () => Promise<JsPdfModule> = loadJsPdf,
): Promise<void> {
  let JsPDF: JsPdfModule['jsPDF'] | undefined;
  try {
    JsPDF = (await load()).jsPDF;
  } catch {
    throw new PdfLibraryError();
  }
  if (typeof JsPDF !== 'function') throw new PdfLibraryError();

  const pdf = new JsPDF({ format: 'a4', unit: 'mm', orientation: 'portrait' });
  const width = pdf.internal.pageSize.getWidth() - 2 * MARGIN;
  let y = MARGIN;
  const room = (h: number) => {
    if (y + h <= PAGE_BOTTOM) return;
    pdf.addPage('a4', 'portrait');
    y = MARGIN;
  };
  const text = (s: string, o: { size?: number; bold?: boolean; x?: number; w?: number; right?: boolean } = {}) => {
    pdf.setFont('helvetica', o.bold ? 'bold' : 'normal');
    pdf.setFontSize(o.size ?? 10);
    const lines = pdf.splitTextToSize(s, o.w ?? width) as string[];
    const h = lines.length * (o.size ?? 10) * 0.45;
    return {
      lines,
      h,
      draw: (at: number) =>
        pdf.text(lines, o.right ? MARGIN + width : (o.x ?? MARGIN), at, o.right ? { align: 'right' } : undefined),
    };
  };
  const heading = (s: string) => {
    room(14);
    y += 4;
    const t = text(s, { size: 13, bold: true });
    t.draw(y);
    y += t.h + 2;
  };

  const title = text(doc.title, { size: 18, bold: true });
  title.draw(y + 4);
  y += title.h + 6;
  const date = text(`${T.date}: ${doc.date}`, { size: 11 });
  date.draw(y);
  y += date.h + 1;
  const validity = text(doc.validity, { size: 10 });
  validity.draw(y);
  y += validity.h + 2;

  heading(T.details);
  for (const row of doc.details) {
    const label = text(row.label, { bold: true, w: width * 0.45 });
    const value = text(row.value, { x: MARGIN + width * 0.48, w: width * 0.52 });
    const h = Math.max(label.h, value.h) + 1.5;
    room(h);
    label.draw(y);
    value.draw(y);
    y += h;
  }

  heading(T.breakdown);
  const cols = [0, 0.42, 0.71].map((f) => MARGIN + width * f);
  const head = [T.item, T.product, T.labor];
  room(8);
  for (const [i, h] of head.entries()) text(h, { bold: true, x: cols[i], w: width * 0.28 }).draw(y);
  y += 6;
  for (const row of doc.breakdown) {
    const cells = [
      text(`${row.label}: ${row.value}`, { x: cols[0], w: width * 0.4 }),
      text(row.product, { x: cols[1], w: width * 0.28 }),
      text(row.labor, { x: cols[2], w: width * 0.29 }),
    ];
    const h = Math.max(...cells.map((c) => c.h)) + 1.5;
    room(h);
    for (const c of cells) c.draw(y);
    y += h;
  }

  heading(T.totals);
  for (const row of doc.totals) {
    const label = text(row.label, { bold: true, w: width * 0.45 });
    const value = text(row.value, { x: MARGIN + width * 0.48, w: width * 0.52, bold: true });
    room(7);
    label.draw(y);
    value.draw(y);
    y += Math.max(label.h, value.h) + 2;
  }

  pdf.save(doc.fileName);
}
