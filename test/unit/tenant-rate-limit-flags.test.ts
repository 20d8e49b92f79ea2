import { errorLine, parseFlags } from '../../scripts/cli';
import { overrideFromFlags } from '../../scripts/tenant-rate-limit-flags';

/**
 * Every refusal of `npm run tenant:set-rate-limit`'s flags, as the command prints it (`error: ` and
 * errorLine). test/integration/tenants/tenant-cli.test.ts runs the command itself: its exit code, its one
 * line on stderr and the stored limit left unchanged.
 */
const refusal = (argv: string[]): string => {
  try {
    overrideFromFlags(parseFlags(argv));
  } catch (err) {
    return `error: ${errorLine(err)}`;
  }
  throw new Error(`accepted: ${argv.join(' ')}`);
};

test.each<[string[], RegExp]>([
  [['--alias', 'acme', '--rps', '0'], /^error: rps: must be from 1 to 1000000$/],
  [['--alias', 'acme', '--rps', '1.5'], /^error: rps: must be a whole number from 1 to 1000000$/],
  [['--alias', 'acme', '--rps', 'fast'], /^error: rps: must be a whole number/],
  [['--alias', 'acme', '--rps', '1000001'], /^error: rps: must be from 1 to 1000000$/],
  [['--alias', 'acme', '--rps', '10', '--burst', '0'], /^error: burst: must be from 1 to 10000000$/],
  [['--alias', 'acme', '--rps'], /^error: rps: needs a value$/],
  [['--alias', 'acme', '--burst', '10'], /^error: burst: needs --rps too$/],
  [['--alias', 'acme', '--reset', '--rps', '5'], /^error: reset: cannot be combined with --rps or --burst$/],
  [['--alias', 'acme', '--rsp', '5'], /^error: usage: /],
  [['--alias', 'acme', '--rps', '5', '--brust', '9'], /^error: unknown option --brust$/],
  [['--alias', 'bad alias!', '--rps', '5'], /^error: alias: letters, digits/],
  [['--rps', '5'], /^error: usage: /],
])('%j is refused in one line', (argv, expected) => {
  const line = refusal(argv);
  expect(line).toMatch(expected);
  expect(line).not.toContain('\n');
});

test('--rps alone sets a burst of two seconds of the rate; --reset clears the override', () => {
  expect(overrideFromFlags(parseFlags(['--alias', 'acme', '--rps', '100']))).toEqual({
    alias: 'acme',
    override: { rps: 100, burst: 200 },
  });
  expect(overrideFromFlags(parseFlags(['--alias', 'acme', '--reset']))).toEqual({
    alias: 'acme',
    override: null,
  });
});
