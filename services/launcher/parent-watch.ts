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
 */
export function watchLaunchingProcesses(onGone: (message: string) => void, intervalMs = 1000): () => void {
  const links = launchingLinks();
  if (links.length === 0) return () => undefined;
  const timer = setInterval(() => {
    for (const link of links) {
      const now = link.pid === process.pid ? process.ppid : readStat(link.pid)?.ppid;
      if (now !== link.ppid) {
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

function readStat(pid: number): { ppid: number; pgrp: number; stat: string } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid pgrp ...; comm may contain spaces and parentheses
    const [, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(ppid),
      pgrp: Number(pgrp),
      stat,
    };
  } catch {
    return undefined;
  }
}

/** The command name; for node, the script it runs (tsx, npm-cli.js), which says more. */
function processName(pid: number, stat: string): string {
  const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  if (comm !== 'node') return comm;
  try {
    const script = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[1];
    return script ? path.basename(script) : comm;
  } catch {
    return comm;
  }
}

function launchingLinks(): Link[] {
  const self = readStat(process.pid);
  if (!self) {
    const underTsx = process.execArgv.some((arg) => arg.includes('tsx'));
    return underTsx ? [{ pid: process.pid, ppid: process.ppid, parentName: 'tsx' }] : [];
  }
  const links: Link[] = [];
  let pid = process.pid;
  let ppid = process.ppid;
  for (;;) {
    const parent = ppid > 1 ? readStat(ppid) : undefined;
    if (!parent || parent.pgrp !== self.pgrp) return links;
    links.push({ pid, ppid, parentName: processName(ppid, parent.stat) });
    pid = ppid;
    ppid = parent.ppid;
  }
}
