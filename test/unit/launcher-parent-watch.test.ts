import { watchLaunchingProcesses, type ReadFile } from '../../services/launcher/parent-watch';

/**
 * The launcher's watch of the processes that started it: only a process that is
 * provably gone (ENOENT, ESRCH, or a new parent) stops the stack; EMFILE and other read failures do not.
 */
const PARENT = process.ppid;
const GRANDPARENT = 4242;
const PGRP = 77;

/** /proc as the watch reads it: this process, its parent (tsx) and grandparent (npm) in one group. */
function fakeProc() {
  const failures = new Map<number, string>();
  const parentOf = new Map([[PARENT, GRANDPARENT]]);
  const read: ReadFile = (file) => {
    const pid = Number(/\/proc\/(\d+)\//.exec(file)![1]);
    const code = failures.get(pid);
    if (code) throw Object.assign(new Error(`${code}: ${file}`), { code });
    if (file.endsWith('cmdline')) return 'node\0tsx\0';
    const ppid = pid === process.pid ? PARENT : (parentOf.get(pid) ?? 1);
    return `${pid} (node) S ${ppid} ${PGRP} 0 0`;
  };
  return { read, failures, parentOf };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test.each([['EMFILE'], ['ENFILE'], ['EACCES'], ['EIO']])(
  'a %s reading the parent is not "the parent is gone"',
  (code) => {
    const proc = fakeProc();
    const onGone = jest.fn();
    const stop = watchLaunchingProcesses(onGone, 100, proc.read);
    proc.failures.set(PARENT, code);
    jest.advanceTimersByTime(1000);
    expect(onGone).not.toHaveBeenCalled();
    // Once it reads again, a real change is still seen.
    proc.failures.delete(PARENT);
    proc.parentOf.set(PARENT, 1);
    jest.advanceTimersByTime(100);
    expect(onGone).toHaveBeenCalledTimes(1);
    stop();
  },
);

test.each([['ENOENT'], ['ESRCH']])('a %s reading the parent is "the parent is gone"', (code) => {
  const proc = fakeProc();
  const onGone = jest.fn();
  const stop = watchLaunchingProcesses(onGone, 100, proc.read);
  jest.advanceTimersByTime(300);
  expect(onGone).not.toHaveBeenCalled();
  proc.failures.set(PARENT, code);
  jest.advanceTimersByTime(100);
  expect(onGone).toHaveBeenCalledWith(expect.stringContaining(`pid ${GRANDPARENT}) is gone`));
  stop();
});
