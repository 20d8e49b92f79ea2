import { createRequire } from 'node:module';
import type { History } from '@temporalio/common/lib/proto-utils';
import * as proto from '@temporalio/proto';
import { patchProtobufRoot } from '@temporalio/proto/lib/patch-protobuf-root';

export type { History };

/**
 * Workflow histories as JSON, the form `temporal workflow show --output json` writes (proto3 JSON:
 * `EVENT_TYPE_…` enum names, int64 as strings, RFC 3339 times), for the replay tests' committed files.
 *
 * The SDK's own `historyFromJSON`/`historyToJSON` (@temporalio/common/lib/proto-utils, also used by
 * `Worker.runReplayHistories` for a history whose ids are strings) hand @temporalio/proto's types to
 * the protojson of the protobufjs copy @temporalio/common resolves. Where npm installs protobufjs 8 once
 * per Temporal package (here, because @grpc/proto-loader and OpenTelemetry keep protobufjs 7 at the
 * top), that copy rejects them: "type must be a Type". These use the protojson of the copy that built
 * @temporalio/proto's types, which is the same module wherever npm puts it.
 */
const { fromJson, toJson } = createRequire(require.resolve('@temporalio/proto'))(
  'protobufjs/ext/protojson',
) as {
  fromJson(type: unknown, json: unknown, options: { ignoreUnknownFields: boolean }): History | null;
  toJson(type: unknown, message: unknown): { events: unknown[] };
};
// As the SDK does it: the generated types lack lookupType, which the patched root has.
const root = patchProtobufRoot(proto) as unknown as { lookupType(name: string): unknown };
const historyType = root.lookupType('temporal.api.history.v1.History');

/** A fetched history (e.g. `handle.fetchHistory()`) as proto3 JSON: `{ events: [...] }`. */
export function historyToJson(history: History): { events: unknown[] } {
  return toJson(historyType, proto.temporal.api.history.v1.History.fromObject(history));
}

/** Parsed history JSON as the History `Worker.runReplayHistories` takes; fields it does not know are skipped. */
export function historyFromJson(json: unknown): History {
  if (typeof json !== 'object' || json === null || !Array.isArray((json as History).events)) {
    throw new TypeError('a history is an object with an array of events');
  }
  const history = fromJson(historyType, json, { ignoreUnknownFields: true });
  if (!history) throw new TypeError('not a history');
  return history;
}
