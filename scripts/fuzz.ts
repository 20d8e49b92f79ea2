import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { loadConfigOrExit, PROJECT_ROOT } from '../shared/config';
import { createLogger } from '../shared/logger';
import { fetchOpenApiDocument, fuzzDocument } from './fuzz/run';
import { findOrInstallSchemathesis, SCHEMATHESIS_VERSION } from './fuzz/schemathesis';
import { seedKnownValues } from './fuzz/seed';
import { createFuzzTenant, findOrStartStack, type FuzzStack } from './fuzz/stack';

/**
 * `npm run fuzz`: property-based fuzzing of every operation of GET /openapi.json with schemathesis,
 * authenticated as a fresh tenant, against npm start's stack (the gateway at FUZZ_BASE_URL, else one this
 * script starts and stops). Prints requests and failures per operation; exits 1 on any failure.
 */
const settingsSchema = z.object({
  FUZZ_BASE_URL: z.url().optional(),
  FUZZ_SECONDS: z.coerce.number().int().min(10).default(300),
  FUZZ_MAX_EXAMPLES: z.coerce.number().int().min(1).default(50),
  FUZZ_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  FUZZ_REQUEST_TIMEOUT_S: z.coerce.number().positive().default(10),
  FUZZ_SEED: z.string().regex(/^\d+$/).optional(),
  FUZZ_OPERATIONS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .optional(),
  FUZZ_KEEP_REPORTS: z.enum(['0', '1', 'true', 'false']).optional(),
});

let stack: FuzzStack | undefined;

// Ctrl-C: the launcher this script started runs in a process group of its own, so stop it here.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`fuzz: ${signal}, stopping\n`);
    void (stack?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  const parsed = settingsSchema.safeParse(process.env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      process.stderr.write(`${issue.path.join('.')}: ${issue.message}\n`);
    return 78;
  }
  const settings = parsed.data;
  const config = loadConfigOrExit();
  const logger = createLogger({ level: 'info', name: 'fuzz' });
  const baseUrl = (settings.FUZZ_BASE_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  const tool = await findOrInstallSchemathesis(logger);
  const fuzzStack = await findOrStartStack(baseUrl, logger);
  stack = fuzzStack;
  try {
    const tenant = await createFuzzTenant(fuzzStack);
    const document = await fetchOpenApiDocument(fuzzStack.baseUrl);
    const known = await seedKnownValues(fuzzStack.baseUrl, tenant.alias, tenant.apiKey);
    const workDir = path.join(
      PROJECT_ROOT,
      '.data',
      'fuzz-reports',
      new Date().toISOString().replace(/[:.]/g, '-'),
    );
    process.stdout.write(
      `Fuzzing ${fuzzStack.baseUrl} as tenant ${tenant.alias} with schemathesis ${SCHEMATHESIS_VERSION} for ${settings.FUZZ_SECONDS} s (${os.cpus().length} cores); reports in ${workDir}\n`,
    );
    const result = await fuzzDocument({
      tool,
      baseUrl: fuzzStack.baseUrl,
      document,
      apiKey: tenant.apiKey,
      tenantAlias: tenant.alias,
      known,
      seconds: settings.FUZZ_SECONDS,
      maxExamples: settings.FUZZ_MAX_EXAMPLES,
      workers: settings.FUZZ_WORKERS,
      requestTimeoutS: settings.FUZZ_REQUEST_TIMEOUT_S,
      seed: settings.FUZZ_SEED,
      operationIds: settings.FUZZ_OPERATIONS,
      keepReports: settings.FUZZ_KEEP_REPORTS === '1' || settings.FUZZ_KEEP_REPORTS === 'true',
      workDir,
      onOutput: (chunk) => process.stdout.write(chunk),
    });
    process.stdout.write(`\n${result.table}\n\nschemathesis ran ${result.run.seconds.toFixed(0)} s\n`);
    if (result.problems.length === 0) {
      process.stdout.write('No failures.\n');
      return 0;
    }
    process.stdout.write(`FAILED:\n${result.problems.map((p) => `  - ${p}`).join('\n')}\n`);
    return 1;
  } finally {
    await fuzzStack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`fuzz: ${(err as Error).message}\n`);
    process.exit(1);
  },
);
