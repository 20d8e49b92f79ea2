import type { Knex } from 'knex';
import * as m001 from './001-tenants';
import * as m002 from './002-referrals';
import * as m003 from './003-user-events';
import * as m004 from './004-import-jobs';
import * as m005 from './005-payment-processors';
import * as m006 from './006-hardening';
import * as m007 from './007-upload-quota';
import * as m008 from './008-browser';
import * as m009 from './009-operators';
import * as m010 from './010-portal';
import * as m011 from './011-sftp';
import * as m012 from './012-webhooks';
import * as m013 from './013-fraud-signals';
import * as m014 from './014-reward-integrity';
import * as m015 from './015-chargebacks';
import * as m016 from './016-audit-actors';
import * as m017 from './017-signin';
import * as m018 from './018-accounts';
import * as m020 from './020-webhook-attempt-started';
import * as m021 from './021-twins-and-key-scopes';
import * as m022 from './022-api-key-addresses';
import * as m023 from './023-hosted-pages';
import * as m024 from './024-share-texts';
import * as m025 from './025-browser-integration';
import * as m026 from './026-search';
import * as m027 from './027-referral-actions';
import * as m028 from './028-hand-actions';
import * as m029 from './029-operator-numbers';
import * as m030 from './030-program-rules';
import * as m031 from './031-payment-rewards';
import * as m032 from './032-programs';
import * as m033 from './033-partial-refunds';
import * as m034 from './034-stripe';
import * as m035 from './035-reward-restores';
import * as m036 from './036-ledger';
import * as m037 from './037-payouts';
import * as m038 from './038-notifications';
import * as m039 from './039-exports';
import * as m040 from './040-mcp';

/**
 * Migrations are listed statically (not discovered on disk) so they load the same way under tsx, jest
 * and compiled JavaScript. Append new ones; never edit one that has shipped.
 */
const migrations: Record<string, Knex.Migration> = {
  '001-tenants': m001,
  '002-referrals': m002,
  '003-user-events': m003,
  '004-import-jobs': m004,
  '005-payment-processors': m005,
  '006-hardening': m006,
  '007-upload-quota': m007,
  '008-browser': m008,
  '009-operators': m009,
  '010-portal': m010,
  '011-sftp': m011,
  '012-webhooks': m012,
  '013-fraud-signals': m013,
  '014-reward-integrity': m014,
  '015-chargebacks': m015,
  '016-audit-actors': m016,
  '017-signin': m017,
  '018-accounts': m018,
  '020-webhook-attempt-started': m020,
  '021-twins-and-key-scopes': m021,
  '022-api-key-addresses': m022,
  '023-hosted-pages': m023,
  '024-share-texts': m024,
  '025-browser-integration': m025,
  '026-search': m026,
  '027-referral-actions': m027,
  '028-hand-actions': m028,
  '029-operator-numbers': m029,
  '030-program-rules': m030,
  '031-payment-rewards': m031,
  '032-programs': m032,
  '033-partial-refunds': m033,
  '034-stripe': m034,
  '035-reward-restores': m035,
  '036-ledger': m036,
  '037-payouts': m037,
  '038-notifications': m038,
  '039-exports': m039,
  '040-mcp': m040,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};
