import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, type Db } from '../../shared/db/knex';
import { createPortalTenant, type PortalTenant } from './admin-api';
import { basic } from './harness';
import { ownDatabase } from './own-database';
import { startServiceProcess, type ServiceProcess } from './service-process';
import { serviceEnv } from './webhook-faults';

/**
 * Two gateways and two workers as separate processes on one database, one Temporal namespace and one
 * task queue (test/faults/multi-process.test.ts), as a deployment with replicas runs them: the gateways
 * share the file storage folder with the workers, and a client takes the gateways round-robin.
 */
export interface Cluster {
  gateways: ServiceProcess[];
  workers: ServiceProcess[];
  /** The test's own connection to the cluster's database, for the row-by-row checks. */
  db: Db;
  tenant: PortalTenant;
  taskQueue: string;
  /** http://127.0.0.1:{port}/api/v1/{alias} of gateway i. */
  api(i: number): string;
  /** The next gateway's index, round-robin. */
  next(): number;
  stop(): Promise<void>;
}

export async function startCluster(suffix: string, extra: Record<string, string> = {}): Promise<Cluster> {
  const database = ownDatabase(suffix);
  await database.create();
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referral-mp-'));
  const taskQueue = `test-mp-${crypto.randomUUID()}`;
  const env = serviceEnv(database.url, taskQueue, {
    FILE_STORAGE_DIR: storageDir,
    MIGRATE_ON_START: 'false',
    ...extra,
  });
  const started = await Promise.allSettled([
    startServiceProcess('gateway', env),
    startServiceProcess('gateway', env),
    startServiceProcess('worker', env),
    startServiceProcess('worker', env),
  ]);
  const all = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const db = createDb({ url: database.url, poolMax: 4 });
  const stop = async () => {
    await Promise.all(all.map((p) => p.kill()));
    await db.destroy();
    await database.drop();
    fs.rmSync(storageDir, { recursive: true, force: true });
  };
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const tenant = await createPortalTenant(db);
  const gateways = all.slice(0, 2);
  let turn = 0;
  return {
    gateways,
    workers: all.slice(2),
    db,
    tenant,
    taskQueue,
    api: (i) => `http://127.0.0.1:${gateways[i]!.port}/api/v1/${tenant.alias}`,
    next: () => turn++ % gateways.length,
    stop,
  };
}

export interface Answer {
  status: number;
  body: Record<string, any>;
}

/** One JSON call with the tenant's key to gateway i; a connection failure throws. */
export async function callGateway(
  cluster: Cluster,
  i: number,
  method: string,
  route: string,
  body?: unknown,
  key = cluster.tenant.apiKey,
): Promise<Answer> {
  const res = await fetch(`${cluster.api(i)}${route}`, {
    method,
    headers: {
      authorization: basic(key),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, any>) : {} };
}

/** The process group of a pid (a service's tsx process leads its own group). */
export function processGroupOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid pgrp ...: comm may hold spaces, so split after its closing parenthesis.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return undefined;
  }
}

export interface EventLoad {
  /** Every key that got a 2xx (the first time or on its retry), or a 409 on its retry. */
  acknowledged: Set<string>;
  /** Keys answered with anything else. */
  refused: Set<string>;
  /** Answers of the gateway that was not killed to first attempts (0: no answer). */
  survivor: number[];
  /** Statuses the survivor gave to retries of requests the killed gateway left unanswered. */
  retried: Record<number, number>;
}

/**
 * User events (one per request, a fresh key each) round-robin over both gateways with 8 loops, until
 * `until` resolves. A request the killed gateway left unanswered is sent again with its key to the
 * survivor: a 409 there means the first attempt was stored.
 */
export async function eventLoad(
  cluster: Cluster,
  users: { accountId: string; userId: string }[],
  until: Promise<void>,
  survivor: number,
) {
  const load: EventLoad = { acknowledged: new Set(), refused: new Set(), survivor: [], retried: {} };
  let over = false;
  void until.then(() => (over = true));
  let n = 0;
  const send = async (i: number, key: string, u: (typeof users)[number], retry = false) => {
    try {
      const answer = await callGateway(
        cluster,
        i,
        'POST',
        `/open/account/${u.accountId}/user/${u.userId}/events`,
        {
          accountId: u.accountId,
          userId: u.userId,
          idempotencyKey: key,
          events: [{ key: 'load' }],
        },
      );
      if (retry) load.retried[answer.status] = (load.retried[answer.status] ?? 0) + 1;
      else if (i === survivor) load.survivor.push(answer.status);
      return answer as Answer | undefined;
    } catch {
      if (i === survivor) load.survivor.push(0);
      return undefined; // no answer: the gateway died with the request in flight
    }
  };
  const loop = async () => {
    while (!over) {
      const u = users[n % users.length]!;
      const [i, key] = [cluster.next(), `load-${crypto.randomUUID()}`];
      n += 1;
      const first = await send(i, key, u);
      const answer = first ?? (await send(survivor, key, u, true));
      const ok = answer && (answer.status === 200 || (first === undefined && answer.status === 409));
      (ok ? load.acknowledged : load.refused).add(key);
    }
  };
  await Promise.all(Array.from({ length: 8 }, loop));
  return load;
}
