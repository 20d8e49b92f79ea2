import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm start` is npm, then tsx, then this node process. npm and tsx pass SIGINT and SIGTERM on, but no
 * process can pass on a SIGKILL: if tsx or npm is killed that way, this process (and so the whole
 * stack) would run on with no-one left to stop it. So the launcher watches the processes that started
 * it: the ancestors that share its process group, i.e. the job a shell started (npm, sh, tsx), not the
 * shell itself and not a supervisor that started the launcher in a group of its own. When one of them
 * dies, the kernel gives its children another parent; seeing that, onGone runs (the launcher then shuts
 * down as on SIGTERM, and its watchdogs stop the servers). Linux reads /proc; elsewhere only a tsx
 * parent is watched. Polled every intervalMs by a timer that does not keep the process alive.
 *
 * Only a process that is provably gone counts: its /proc entry missing (ENOENT, ESRCH) or its parent
 * changed. Any other failure to read (EMFILE when the process is out of descriptors, EACCES, ...) says
 * nothing about it, so that round is skipped (EMFILE stopped the whole stack).
 */
export function watchLaunchingProcesses(
  onGone: (message: string) => void,
  intervalMs = 1000,
  readFile: ReadFile = (file) => fs.readFileSync(file, 'utf8'),
): () => void {
  const read = (pid: number) => readStat(pid, readFile);
  const links = launchingLinks(read, readFile);
  if (links.length === 0) return () => undefined;
  const timer = setInterval(() => {
    for (const link of links) {
      const stat = link.pid === process.pid ? { ppid: process.ppid } : read(link.pid);
      if (stat === 'unknown') return;
      if (stat?.ppid !== link.ppid) {
        clearInterval(timer);
        onGone(`the process that started the launcher (${link.parentName}, pid ${link.ppid}) is gone`);
        return;
      }
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

interface Link {
  /** A process of the launching chain, starting with this one ... */
  pid: number;
  /** ... and its parent at start, which must stay its parent. */
  ppid: number;
  parentName: string;
}

export type ReadFile = (file: string) => string;

/** Codes that mean the process does not exist. */
const GONE = new Set(['ENOENT', 'ESRCH']);

/** The process's stat line; undefined when it is gone, 'unknown' when it could not be read. */
function readStat(
  pid: number,
  readFile: ReadFile,
): { ppid: number; pgrp: number; stat: string } | undefined | 'unknown' {
  try {
    const stat = readFile(`/proc/${pid}/stat`);
    // pid (comm) state ppid pgrp ...; comm may contain spaces and parentheses
    const [, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(ppid),
      pgrp: Number(pgrp),
      stat,
    };
  } catch (err) {
    return GONE.has((err as NodeJS.ErrnoException).code ?? '') ? undefined : 'unknown';
  }
}

/** The command name; for node, the script it runs (tsx, npm-cli.js), which says more. */
function processName(pid: number, stat: string, readFile: ReadFile): string {
  const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  if (comm !== 'node') return comm;
  try {
    const script = readFile(`/proc/${pid}/cmdline`).split('\0')[1];
    return script ? path.basename(script) : comm;
  } catch {
    return comm;
  }
}

function launchingLinks(read: (pid: number) => ReturnType<typeof readStat>, readFile: ReadFile): Link[] {
  const self = read(process.pid);
  if (!self || self === 'unknown') {
    const underTsx = process.execArgv.some((arg) => arg.includes('tsx'));
    return underTsx ? [{ pid: process.pid, ppid: process.ppid, parentName: 'tsx' }] : [];
  }
  const links: Link[] = [];
  let pid = process.pid;
  let ppid = process.ppid;
  for (;;) {
    const parent = ppid > 1 ? read(ppid) : undefined;
    if (!parent || parent === 'unknown' || parent.pgrp !== self.pgrp) return links;
    links.push({ pid, ppid, parentName: processName(ppid, parent.stat, readFile) });
    pid = ppid;
    ppid = parent.ppid;
  }
}
