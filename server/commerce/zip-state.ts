/**
 * Does a US ZIP belong to the state the shopper chose? Tax is looked up by state and ZIP, so a
 * Columbus ZIP under "IN" must not reach the tax table.
 *
 * The dataset is the `zipcodes` package (one state per ZIP for about 42,500 ZIPs: the states,
 * DC, Puerto Rico and the other outlying areas, the military regions AA/AE/AP and PO-box ZIPs,
 * which is the same set of codes as the checkout's state list). Server only: it is 5 MB and
 * never reaches the browser bundle. It is loaded once (`loadZipStates()` at commerce creation),
 * never per request.
 *
 * Rules: a 5-digit ZIP, or ZIP+4 written as 9 digits, whose state in the dataset is the chosen
 * state. A ZIP the dataset does not know (00000, 4 or 6 digits, one retired or not yet listed)
 * is refused as not a US ZIP: a careful shop asks for the real one rather than guess its tax.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CHECKOUT_MESSAGES, type MatchLocation as Location, US } from '../../engine/node.ts';
import { CACHE_DIR } from '../paths.ts';
import { CommerceError } from './errors.ts';

interface ZipcodesModule {
  codes: Record<string, { state: string; country: string }>;
}

/** ZIP (5 digits) -> state, for every US ZIP of the dataset. */
type ZipStates = Record<string, string>;

let dataset: ZipStates | undefined;

/**
 * The US ZIPs of the `zipcodes` package with their states, read from `cacheFile` when there (a
 * 550 kB JSON file: milliseconds), else drawn from the package (5 MB of JavaScript: about 0.3 s)
 * and written there for the next start (a folder that cannot be written just costs that time).
 */
export function zipStatesFrom(cacheFile: string): ZipStates {
  try {
    return JSON.parse(readFileSync(cacheFile, 'utf8')) as ZipStates;
  } catch {}
  const { codes } = createRequire(import.meta.url)('zipcodes') as ZipcodesModule;
  const states: ZipStates = {};
  for (const [zip, c] of Object.entries(codes)) if (c.country === US) states[zip] = c.state;
  try {
    mkdirSync(dirname(cacheFile), { recursive: true });
    writeFileSync(`${cacheFile}.${process.pid}`, JSON.stringify(states));
    renameSync(`${cacheFile}.${process.pid}`, cacheFile);
  } catch {}
  return states;
}

/** Loads the ZIP dataset once per process (cached per version of the package). */
export function loadZipStates(): ZipStates {
  if (dataset) return dataset;
  const { version } = createRequire(import.meta.url)('zipcodes/package.json') as { version: string };
  dataset = zipStatesFrom(join(CACHE_DIR, `zip-states-${version}.json`));
  return dataset;
}

/** The state (USPS code) of a US ZIP, or undefined when it is not one. */
export function stateOfZip(zipCode: string): string | undefined {
  const zip = zipCode.trim();
  if (!/^\d{5}(\d{4})?$/.test(zip)) return undefined;
  const states = loadZipStates();
  return Object.hasOwn(states, zip.slice(0, 5)) ? states[zip.slice(0, 5)] : undefined;
}

/** The field message for a US address whose ZIP does not fit its state, or undefined when it fits (or is not a US address). */
export function zipStateProblem(at: Location): string | undefined {
  if (at.countryId !== US) return undefined;
  const state = stateOfZip(at.zipCode);
  if (state === undefined) return CHECKOUT_MESSAGES.zipNotUs;
  return state === at.state ? undefined : CHECKOUT_MESSAGES.zipStateMismatch;
}

/** 422 with the message on `field` (e.g. `billing.zipCode`) when the ZIP does not fit the state. */
export function assertZipMatchesState(at: Location, field: string): void {
  const problem = zipStateProblem(at);
  if (problem) throw new CommerceError('invalid', problem, { [field]: problem });
}
