/**
 * The PDF estimate's download in the browser. jsPDF (about 110 kB gzip) is imported only when the
 * shopper asks for the PDF, so no page's first load carries it. The content comes from the
 * engine's estimateDocument, built from the same values and estimate as the summary on screen;
 * the layout is the engine's drawEstimatePdf, the same the server attaches to its e-mail.
 */
import { drawEstimatePdf, type EstimateDocument } from '../../../engine/forms/index.ts';

/** jsPDF could not be loaded (offline, a blocked chunk): "PDF library not found". */
export class PdfLibraryError extends Error {
  override name = 'PdfLibraryError';
}

type JsPdfModule = typeof import('jspdf');

const loadJsPdf = (): Promise<JsPdfModule> => import('jspdf');

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
  drawEstimatePdf(JsPDF, doc).save(doc.fileName);
}
