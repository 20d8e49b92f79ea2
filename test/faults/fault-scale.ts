/**
 * The fault suite's two lengths: short load in `npm test`, full load (each scenario under a minute) in
 * `npm run faults`, which sets FAULTS_FULL=1. The checks afterwards are the same in both.
 */
export const FAULTS_FULL = process.env.FAULTS_FULL === '1';

/** How long a scenario keeps its load on: shortMs in `npm test`, fullMs in `npm run faults`. */
export function faultLoadMs(shortMs: number, fullMs: number): number {
  return FAULTS_FULL ? fullMs : shortMs;
}
