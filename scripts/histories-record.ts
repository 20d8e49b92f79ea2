import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { createLogger } from '../shared/logger';
import { createRecorder } from './histories/recorder';
import { recordImportJob } from './histories/scenarios/imports';
import { recordProcessorWorkflows } from './histories/scenarios/processor';
import { recordLifecycles } from './histories/scenarios/referrals';
import { recordSystemWorkflows } from './histories/scenarios/system';
import { recordWebhookDeliveries } from './histories/scenarios/webhooks';
import { recordPayoutRuns } from './histories/scenarios/payouts';
import { recordMailDeliveries } from './histories/scenarios/mail';
import { startRecordingStack } from './histories/stack';
import { HISTORIES_DIR, storeHistories } from './histories/store';

/**
 * `npm run histories:record`: drives a real run on a stack of its own (Temporal dev server, a fresh
 * database, the worker and the gateway in this process, the processor stand-in, a webhook receiver)
 * through the public API, and saves the history of every workflow type in the states a live fleet holds
 * to test/replay/histories/<workflow>/<state>.json, where test/replay/replay.test.ts replays them against
 * today's workflow code. Run it before changing a workflow (ARCHITECTURE.md, "Changing a workflow").
 */
const settingsSchema = z.object({
  HISTORIES_DIR: z.string().min(1).default(HISTORIES_DIR),
  HISTORIES_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug']).default('info'),
});

async function main(): Promise<number> {
  const parsed = settingsSchema.safeParse(process.env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      process.stderr.write(`${issue.path.join('.')}: ${issue.message}\n`);
    return 78;
  }
  const settings = parsed.data;
  const logger = createLogger({ level: settings.HISTORIES_LOG_LEVEL, name: 'histories' });
  const started = Date.now();
  const stack = await startRecordingStack(createLogger({ level: 'warn', name: 'histories-stack' }));
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'histories-'));
  try {
    const recorder = createRecorder(stack.temporal, staging);
    logger.info({ gateway: stack.url }, 'stack running; recording');
    await Promise.all([
      recordLifecycles(stack, recorder),
      recordImportJob(stack, recorder),
      recordProcessorWorkflows(stack, recorder),
      recordWebhookDeliveries(stack, recorder),
      recordPayoutRuns(stack, recorder),
      recordMailDeliveries(stack, recorder),
    ]);
    // Last: by now each system workflow has continued as new at least once.
    await recordSystemWorkflows(stack, recorder);
    const stored = storeHistories(staging, recorder.saved, path.resolve(settings.HISTORIES_DIR));
    for (const { file, replaced } of stored) logger.info({ file, replaced }, 'history saved');
    logger.info(
      {
        histories: stored.length,
        dir: settings.HISTORIES_DIR,
        seconds: Math.round((Date.now() - started) / 1000),
      },
      'histories recorded',
    );
    return 0;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    await stack.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`histories:record failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
