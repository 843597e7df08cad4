/** The form submissions as the shop's staff read them: the list (filters and limit in the query), one in full, its form. */
export {
  findSubmissionDetail,
  listSubmissions,
  SUBMISSION_STATUSES,
  uploadDir,
  type SubmissionDetail,
  type SubmissionSummary,
} from '../forms/submission-queries.ts';
export { loadForm } from '../forms/definitions.ts';
export { estimateRows } from '../forms/estimate.ts';
