/**
 * The SDK's hand-written request and answer types held against the OpenAPI document the gateway serves
 * (./openapi.ts, generated from docs/openapi.json by `npm run docs:api`). Each line compiles only while
 * the SDK type and the document's type are assignable both ways, so a field added, dropped, renamed or
 * retyped on either side fails `npm run typecheck`, naming the member that differs. Checked by
 * `tsc -p clients/sdk/contract`; nothing here is built into the package.
 */
import type * as Sdk from '../src/types';
import type { components, operations } from './openapi';

type Schema = components['schemas'];
/** The JSON body an operation takes. */
type Body<Op extends keyof operations> =
  NonNullable<operations[Op]['requestBody']> extends { content: { 'application/json': infer B } } ? B : never;
/** The query parameters an operation takes. */
type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

/** Query parameters as they travel: text. */
type OnTheWire<Q> = { [K in keyof Q]: string };

/** Every member's path (`referral.code`, `events[].key`), optional ones too; unions contribute each branch's. */
type Paths<T, At extends string = ''> = T extends readonly (infer Item)[]
  ? Paths<Item, `${At}[]`>
  : T extends object
    ? { [K in keyof T & string]-?: `${At}.${K}` | Paths<T[K], `${At}.${K}`> }[keyof T & string]
    : never;
/** `true` while both types have the same member paths, else the paths only one side has. */
type SamePaths<Mine, Theirs> = [
  Exclude<Paths<Mine>, Paths<Theirs>>,
  Exclude<Paths<Theirs>, Paths<Mine>>,
] extends [never, never]
  ? true
  : { onlyInSdk: Exclude<Paths<Mine>, Paths<Theirs>>; onlyInOpenApi: Exclude<Paths<Theirs>, Paths<Mine>> };

/**
 * Compiles only while `Mine` and `Theirs` are mutually assignable (the identity both ways) and name the
 * same members: assignability alone would let an optional member exist on one side only.
 */
declare function same<Mine, Theirs>(
  toTheirs: (mine: Mine) => Theirs,
  toMine: (theirs: Theirs) => Mine,
  members: SamePaths<Mine, Theirs>,
): void;
const id = <T>(value: T): T => value;

// Answers.
same<Sdk.User, Schema['User']>(id, id, true);
same<Sdk.SyncedAccount, Schema['SyncedAccount']>(id, id, true);
same<Sdk.Subscription, Schema['Subscription']>(id, id, true);
same<Sdk.CodeLookup, Schema['CodeLookup']>(id, id, true);
same<Sdk.Reward, Schema['Reward']>(id, id, true);
same<Sdk.AccountRewards, Schema['AccountRewards']>(id, id, true);
same<Sdk.DiscountAssociation, Schema['DiscountAssociation']>(id, id, true);
same<Sdk.UserEventResult, Schema['LoggedUserEvents']>(id, id, true);
same<Sdk.Program, Schema['Program']>(id, id, true);
same<Sdk.ReferrerReward, Schema['ReferrerRewardView']>(id, id, true);
same<Sdk.FraudRule, Schema['Program']['fraudPolicy'][number]>(id, id, true);
same<Sdk.Widget, Schema['Widget']>(id, id, true);
same<Sdk.BrowserSettings, Schema['BrowserSettings']>(id, id, true);
same<Sdk.SegmentResult, Schema['SegmentMessageResult']>(id, id, true);
same<Sdk.ValidationIssue, Schema['ValidationIssue']>(id, id, true);
same<Sdk.ReferralStatus, Schema['ReferralStatus']>(id, id, true);

// Requests.
same<Sdk.IdentifyInput, Body<'upsertUser'>>(id, id, true);
same<Sdk.AccountSyncInput, Body<'syncAccount'>>(id, id, true);
same<Sdk.DiscountAssociationInput, Body<'associateDiscount'>>(id, id, true);
same<Sdk.UserEventInput, Body<'logUserEvents'>>(id, id, true);
same<Sdk.ProgramPatch, Body<'updateProgram'>>(id, id, true);
same<Sdk.SegmentBody, Body<'segmentWebhook'>>(id, id, true);
same<OnTheWire<Sdk.WidgetQuery>, Query<'getWidget'>>(id, id, true);
