/**
 * An estimator's state: its sections and the one open, the estimate that follows every change
 * (hidden fields count nothing: computeEstimate cleans the values), and the PDF download.
 */
import { useMemo, useState } from 'react';
import {
  computeEstimate,
  ESTIMATE_TEXTS,
  estimateDocument,
  firstSectionWith,
  sectionsOf,
} from '../../../engine/forms/index.ts';
import type { CompiledForm, FormValues, Pricing } from '../../../engine/forms/index.ts';
import { displayValue } from '../review.tsx';
import { useTimedNotice } from '../use-timed-notice.ts';
import { downloadEstimatePdf, PdfLibraryError } from './pdf.ts';
import type { Notice } from './price-summary.tsx';

export function useEstimator(compiled: CompiledForm, values: FormValues, pricing: Pricing | undefined) {
  const sections = useMemo(() => sectionsOf(compiled), [compiled]);
  const [openSection, setOpenSection] = useState<number | null>(0);
  const estimate = useMemo(
    () => (pricing ? computeEstimate(compiled, values, pricing) : undefined),
    [compiled, values, pricing],
  );
  const [pdfNotice, setPdfNotice] = useTimedNotice<Notice>();
  const [pdfBusy, setPdfBusy] = useState(false);

  // The PDF holds exactly the figures on screen: the same values and the same estimate.
  const onPdf = async () => {
    if (!estimate || estimate.rows.length === 0) return;
    setPdfNotice(null);
    setPdfBusy(true);
    try {
      await downloadEstimatePdf(estimateDocument(compiled, values, estimate, new Date(), displayValue));
      setPdfNotice({ kind: 'success', text: ESTIMATE_TEXTS.pdfOk });
    } catch (e) {
      const text =
        e instanceof PdfLibraryError
          ? ESTIMATE_TEXTS.pdfMissing
          : (e instanceof Error && e.message) || ESTIMATE_TEXTS.pdfFailed;
      setPdfNotice({ kind: 'error', text });
    } finally {
      setPdfBusy(false);
    }
  };

  return {
    sections,
    /** A form with sections is an estimator. */
    sectioned: sections.length > 0,
    openSection,
    setOpenSection,
    /** Opens the first section holding one of these fields (the one a shopper has to fix). */
    openSectionWith: (names: string[]) => {
      const i = firstSectionWith(sections, names);
      if (i >= 0) setOpenSection(i);
    },
    estimate,
    pdfNotice,
    setPdfNotice,
    pdfBusy,
    onPdf,
  };
}

export type EstimatorState = ReturnType<typeof useEstimator>;
