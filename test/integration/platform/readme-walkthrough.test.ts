/**
 * The README's "Five minutes with the API" runs as written: each curl command of its shell block, in
 * order, against a real gateway and worker, and each answer matches the `# =>` line under it ("..."
 * stands for anything). Only the first line (API and KEY) is replaced by this test's tenant.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../../../shared/config';
import { startReferralApi, type ReferralApi } from '../../helpers/referrals';

interface Step {
  command: string;
  expected: string;
}

/** The walkthrough's commands and the answers it promises, from the README's text. */
function walkthrough(): Step[] {
  const readme = fs.readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
  const section = readme.split('## Five minutes with the API')[1]!;
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  const lines = block.split('\n').slice(1); // the first line sets API and KEY
  const steps: Step[] = [];
  let command = '';
  for (const line of lines) {
    if (line.startsWith('# => ')) {
      steps.push({ command: command.trim(), expected: line.slice(5).trim() });
      command = '';
    } else if (!line.startsWith('#') && line.trim() !== '') {
      command += `${line}\n`;
    }
  }
  return steps;
}

/** The promised answer as a pattern: "..." is anything, the demo tenant and URL are this test's. */
function pattern(expected: string, api: ReferralApi): RegExp {
  const local = expected
    .replace('http://localhost:8080', api.config.publicUrl)
    .replace('/r/demo/', `/r/${api.tenant.alias}/`);
  const parts = local.split('...').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`, 's');
}

let api: ReferralApi;
beforeAll(async () => {
  api = await startReferralApi();
});
afterAll(async () => {
  await api?.close();
});

test('the README walkthrough answers as the README says, step by step', async () => {
  const steps = walkthrough();
  expect(steps.length).toBeGreaterThanOrEqual(5);
  for (const step of steps) {
    // Asynchronously: the gateway answering curl runs in this process.
    const { stdout } = await promisify(execFile)('bash', ['-c', step.command], {
      env: { ...process.env, API: api.gw.api(api.tenant.alias), KEY: api.tenant.apiKey },
      encoding: 'utf8',
    });
    const output = stdout.trim();
    if (!pattern(step.expected, api).test(output)) {
      throw new Error(`${step.command}\nanswered ${output}\nexpected ${step.expected}`);
    }
  }
});
