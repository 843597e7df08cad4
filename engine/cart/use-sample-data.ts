/** React: the build-time sample data (sku -> cart line, style -> skus), fetched on first use. */
import { SAMPLE_DATA_URL, type SampleData } from '../catalog/sample-data.ts';
import { useStaticJson, type StaticJson } from '../render/static-json.ts';

export function useSampleData(): StaticJson<SampleData> {
  return useStaticJson<SampleData>(SAMPLE_DATA_URL);
}
