import type { Readable } from 'node:stream';
import * as accounts from './accounts';
import * as events from './events';
import * as files from './files';
import { graphql, type GraphqlCallOptions } from './graphql';
import {
  Transport,
  type CallOptions,
  type ClientConfig,
  type ClientOptions,
  type IdempotentCallOptions,
} from './http';
import * as imports from './imports';
import * as program from './program';
import type * as T from './types';
import * as users from './users';

/**
 * The referral service's API for servers (Node 20+): every REST operation and the bulk-import GraphQL
 * operations, typed. Authenticates with the tenant API key (HTTP Basic) or a user JWT (Bearer). Every
 * non-2xx answer throws ApiError; a used idempotency key on event logging answers ALREADY_APPLIED.
 * Calls that are safe to repeat (reads; writes carrying an idempotency key) are retried on network
 * errors, 429 and 503 with exponential backoff and full jitter, honouring Retry-After.
 */
export class ReferralClient {
  private readonly transport: Transport;

  constructor(config: ClientConfig, options: ClientOptions = {}) {
    this.transport = new Transport(config, options);
  }

  // ---- users ----

  /** Identifies a user (PUT, the browser library's `init`): see upsertUser. */
  identify(accountId: string, userId: string, body?: T.IdentifyInput, call?: CallOptions): Promise<T.User> {
    return users.upsertUser(this.transport, accountId, userId, body, call);
  }

  /** Creates or updates a user and its account; attributes (referredByCode) and converts (accountStatus PAID). */
  upsertUser(accountId: string, userId: string, body?: T.IdentifyInput, call?: CallOptions): Promise<T.User> {
    return users.upsertUser(this.transport, accountId, userId, body, call);
  }

  getUser(accountId: string, userId: string, call?: CallOptions): Promise<T.User> {
    return users.getUser(this.transport, accountId, userId, call);
  }

  getWidget(accountId: string, userId: string, call?: CallOptions, query?: T.WidgetQuery): Promise<T.Widget> {
    return users.getWidget(this.transport, accountId, userId, call, query);
  }

  getBrowserSettings(call?: CallOptions): Promise<T.BrowserSettings> {
    return program.getBrowserSettings(this.transport, call);
  }

  // ---- events ----

  /** One user's events (REST). With an idempotency key: retried, and a used key is ALREADY_APPLIED. */
  logUserEvents(
    input: T.UserEventInput,
    call?: CallOptions,
  ): Promise<events.LogEventsOutcome<T.UserEventResult>> {
    return events.logUserEvents(this.transport, input, call);
  }

  /** Several users' events, all or nothing under one idempotency key (GraphQL logUserEvents). */
  logUserEventsBatch(
    inputs: Omit<T.UserEventInput, 'idempotencyKey'>[],
    options?: { idempotencyKey?: string | null },
    call?: CallOptions,
  ): Promise<events.LogEventsOutcome<{ results: T.UserEventResult[] }>> {
    return events.logUserEventsBatch(this.transport, inputs, options, call);
  }

  /** An analytics-connector (Segment) message or batch. */
  segment(body: T.SegmentBody, call?: IdempotentCallOptions): Promise<{ results: T.SegmentResult[] }> {
    return events.segment(this.transport, body, call);
  }

  // ---- accounts, codes, rewards, discounts ----

  syncAccount(input: T.AccountSyncInput, call?: CallOptions): Promise<T.SyncedAccount> {
    return accounts.syncAccount(this.transport, input, call);
  }

  lookupCode(code: string, call?: CallOptions): Promise<T.CodeLookup> {
    return accounts.lookupCode(this.transport, code, call);
  }

  getAccountRewards(
    accountId: string,
    query?: { couponCode?: string },
    call?: CallOptions,
  ): Promise<T.AccountRewards> {
    return accounts.getAccountRewards(this.transport, accountId, query, call);
  }

  associateDiscount(input: T.DiscountAssociationInput, call?: CallOptions): Promise<T.DiscountAssociation> {
    return accounts.associateDiscount(this.transport, input, call);
  }

  // ---- files and bulk imports ----

  /** Streams an import file (Buffer, file path, Node Readable, web ReadableStream); answers its fileRef. */
  uploadFile(source: files.UploadSource, options?: files.UploadOptions): Promise<{ fileRef: string }> {
    return files.uploadFile(this.transport, source, options);
  }

  /** A file of the tenant's as a stream, or written to `options.to`. */
  downloadFile(fileRef: string, options?: CallOptions): Promise<Readable>;
  downloadFile(fileRef: string, options: files.DownloadToFile): Promise<{ path: string; bytes: number }>;
  downloadFile(
    fileRef: string,
    options?: CallOptions | files.DownloadToFile,
  ): Promise<Readable | { path: string; bytes: number }> {
    return files.downloadFile(this.transport, fileRef, options as files.DownloadToFile);
  }

  /** A job's result file (line,status,message per row): by the job or its resultFileRef. */
  downloadResultFile(job: T.Job | string, options?: CallOptions): Promise<Readable>;
  downloadResultFile(
    job: T.Job | string,
    options: files.DownloadToFile,
  ): Promise<{ path: string; bytes: number }>;
  downloadResultFile(
    job: T.Job | string,
    options?: CallOptions | files.DownloadToFile,
  ): Promise<Readable | { path: string; bytes: number }> {
    const ref = typeof job === 'string' ? job : job.resultFileRef;
    if (!ref) {
      return Promise.reject(
        new Error(`Job ${(job as T.Job).id} has no result file yet (${(job as T.Job).status})`),
      );
    }
    return files.downloadFile(this.transport, ref, options as files.DownloadToFile);
  }

  validateImport(
    input: Pick<T.ImportJobInput, 'fileRef' | 'type'>,
    call?: CallOptions,
  ): Promise<T.JobValidation> {
    return imports.validateImport(this.transport, input, call);
  }

  createImportJob(input: T.JobInput, call?: CallOptions): Promise<T.Job> {
    return imports.createImportJob(this.transport, input, call);
  }

  /** A CSV export (docs/exports.md): the same createJob with a QUERY/… type; poll and download as for imports. */
  createExportJob(input: T.ExportJobInput, call?: CallOptions): Promise<T.Job> {
    return imports.createImportJob(this.transport, input, call);
  }

  getImportJob(id: string, call?: CallOptions): Promise<T.Job | null> {
    return imports.getImportJob(this.transport, id, call);
  }

  waitForImportJob(id: string, options?: imports.WaitOptions): Promise<T.Job> {
    return imports.waitForImportJob(this.transport, id, options);
  }

  // ---- program ----

  getProgram(call?: CallOptions): Promise<T.Program> {
    return program.getProgram(this.transport, call);
  }

  updateProgram(patch: T.ProgramPatch, call?: CallOptions): Promise<T.Program> {
    return program.updateProgram(this.transport, patch, call);
  }

  /** The hosted pages' logo (PNG or JPEG bytes); answers the program with its logoUrl. */
  uploadProgramLogo(image: Uint8Array, call?: CallOptions): Promise<T.Program> {
    return program.uploadProgramLogo(this.transport, image, call);
  }

  removeProgramLogo(call?: CallOptions): Promise<T.Program> {
    return program.removeProgramLogo(this.transport, call);
  }

  // ---- GraphQL ----

  /** Any GraphQL operation: the answer's `data`; errors throw ApiError. Sent once unless `idempotent`. */
  graphql<D = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    call?: GraphqlCallOptions,
  ): Promise<D> {
    return graphql<D>(this.transport, query, variables, call);
  }
}
