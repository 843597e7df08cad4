import { describe, expect, it } from 'vitest';
import type { EstimateDocument } from '../../../engine/forms/index.ts';
import { downloadEstimatePdf, PdfLibraryError } from './pdf.ts';

const doc: EstimateDocument = {
  title: 'Kitchen estimate',
  date: '01/05/2026',
  fileName: 'estimate-2026-01-05.pdf',
  validity: 'This estimate is valid for 30 days from the date of generation.',
  details: [{ label: 'Style', value: 'Shaker' }],
  breakdown: [{ label: 'Style', value: 'Shaker', product: '$4,000.00 - $6,000.00', labor: '$1,000.00 - $1,500.00' }],
  totals: [
    { label: 'Product', value: '$4,000.00 - $6,000.00' },
    { label: 'Labor', value: '$1,000.00 - $1,500.00' },
    { label: 'Grand total', value: '$5,000.00 - $7,500.00' },
  ],
};

/** A stand-in for jsPDF that records what is drawn and saved. */
function fakeJsPdf() {
  const calls = { options: [] as unknown[], texts: [] as string[], saved: [] as string[] };
  class FakePdf {
    internal = { pageSize: { getWidth: () => 210 } };
    constructor(options: unknown) {
      calls.options.push(options);
    }
    setFont() {}
    setFontSize() {}
    addPage() {}
    splitTextToSize(s: string) {
      return [s];
    }
    text(lines: string[]) {
      calls.texts.push(...lines);
    }
    save(name: string) {
      calls.saved.push(name);
    }
  }
  return { calls, load: async () => ({ jsPDF: FakePdf }) as never };
}

describe('downloadEstimatePdf', () => {
  it('draws an A4 page with the date, the validity line, the rows and totals, and saves it under the file name', async () => {
    const { calls, load } = fakeJsPdf();
    await downloadEstimatePdf(doc, load);
    expect(calls.options).toEqual([{ format: 'a4', unit: 'mm', orientation: 'portrait' }]);
    expect(calls.texts).toEqual(
      expect.arrayContaining([
        'Kitchen estimate',
        'Date: 01/05/2026',
        doc.validity,
        'Project details',
        'Shaker',
        'Style: Shaker',
        'Grand total',
        '$5,000.00 - $7,500.00',
      ]),
    );
    expect(calls.saved).toEqual(['estimate-2026-01-05.pdf']);
  });

  it('throws PdfLibraryError when jsPDF cannot be loaded or is not in the module', async () => {
    await expect(
      downloadEstimatePdf(doc, () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
    ).rejects.toBeInstanceOf(PdfLibraryError);
    await expect(downloadEstimatePdf(doc, async () => ({}) as never)).rejects.toBeInstanceOf(PdfLibraryError);
  });
});
