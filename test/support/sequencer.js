/**
 * Jest's sequencer, which starts the longest test files first so no worker is left with a long file at
 * the end of the run, but with a fallback for a machine whose jest cache holds no timings yet (a fresh
 * clone, CI): the durations of a recorded run (durations.json, `npm run test:durations`) instead of jest's
 * own fallback, the file's size, which put a small but slow file last.
 */
const path = require('node:path');
const { default: Sequencer } = require('@jest/test-sequencer');
const recorded = require('./durations.json');

const ROOT = path.resolve(__dirname, '..', '..');

class RecordedDurationsSequencer extends Sequencer {
  time(test) {
    const cached = super.time(test);
    if (cached !== undefined) return cached;
    const seconds = recorded[path.relative(ROOT, test.path)];
    return seconds === undefined ? undefined : seconds * 1000;
  }
}

module.exports = RecordedDurationsSequencer;
