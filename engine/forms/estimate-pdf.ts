/**
 * The PDF estimate's layout (A4), drawn with jsPDF: one function for the browser's download and
 * the server's e-mail attachment. jsPDF itself is passed in, so this module loads nothing: the
 * browser imports jsPDF only when the shopper asks for the PDF, the server imports it directly.
 */
import type { jsPDF } from 'jspdf';
import { ESTIMATE_TEXTS as T, type EstimateDocument } from './estimate-document.ts';

/** jsPDF's constructor, as the 'jspdf' module exports it. */
type JsPdfConstructor = typeof jsPDF;

const MARGIN = 18;
const PAGE_BOTTOM = 297 - 18;

interface TextOptions {
  size?: number;
  bold?: boolean;
  x?: number;
  w?: number;
}

/** Draws the estimate on a new A4 document and returns it (unsaved). */
export function drawEstimatePdf(JsPDF: JsPdfConstructor, doc: EstimateDocument): jsPDF {
  const pdf = new JsPDF({ format: 'a4', unit: 'mm', orientation: 'portrait' });
  const width = pdf.internal.pageSize.getWidth() - 2 * MARGIN;
  let y = MARGIN;
  const room = (h: number) => {
    if (y + h <= PAGE_BOTTOM) return;
    pdf.addPage('a4', 'portrait');
    y = MARGIN;
  };
  const text = (s: string, o: TextOptions = {}) => {
    pdf.setFont('helvetica', o.bold ? 'bold' : 'normal');
    pdf.setFontSize(o.size ?? 10);
    const lines = pdf.splitTextToSize(s, o.w ?? width) as string[];
    return { h: lines.length * (o.size ?? 10) * 0.45, draw: (at: number) => pdf.text(lines, o.x ?? MARGIN, at) };
  };
  const heading = (s: string) => {
    room(14);
    y += 4;
    const t = text(s, { size: 13, bold: true });
    t.draw(y);
    y += t.h + 2;
  };
  /** Label and value side by side. */
  const pair = (label: string, value: string, bold: boolean) => {
    const l = text(label, { bold: true, w: width * 0.45 });
    const v = text(value, { x: MARGIN + width * 0.48, w: width * 0.52, bold });
    const h = Math.max(l.h, v.h) + (bold ? 2 : 1.5);
    room(h);
    l.draw(y);
    v.draw(y);
    y += h;
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

  if (doc.details.length > 0) {
    heading(T.details);
    for (const row of doc.details) pair(row.label, row.value, false);
  }

  heading(T.breakdown);
  const cols = [0, 0.42, 0.71].map((f) => MARGIN + width * f);
  room(8);
  for (const [i, h] of [T.item, T.product, T.labor].entries())
    text(h, { bold: true, x: cols[i], w: width * 0.28 }).draw(y);
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
  for (const row of doc.totals) pair(row.label, row.value, true);
  return pdf;
}
