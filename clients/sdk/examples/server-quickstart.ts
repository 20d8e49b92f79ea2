/**
 * The server SDK in five calls: identify a referrer, identify a friend with the referrer's code, log the
 * friend's purchase with an idempotency key (twice: the second answer is ALREADY_APPLIED), read rewards.
 *
 *   REFERRAL_API_URL=http://localhost:8080 REFERRAL_TENANT=<alias> REFERRAL_API_KEY=<key> npm run example:sdk
 */
import { randomUUID } from 'node:crypto';
import { ApiError, ReferralClient } from '../src/index';

const baseUrl = process.env.REFERRAL_API_URL ?? 'http://localhost:8080';
const tenantAlias = process.env.REFERRAL_TENANT;
const apiKey = process.env.REFERRAL_API_KEY;

async function main(): Promise<void> {
  if (!tenantAlias || !apiKey) {
    console.error(
      'Set REFERRAL_TENANT and REFERRAL_API_KEY (and REFERRAL_API_URL, default http://localhost:8080).',
    );
    process.exitCode = 2;
    return;
  }
  const client = new ReferralClient({ baseUrl, tenantAlias, apiKey }, { timeoutMs: 10_000, maxRetries: 3 });
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

  const referrer = await client.identify(`acct-rita-${run}`, `rita-${run}`, {
    email: `rita+${run}@example.com`,
    firstName: 'Rita',
    lastName: 'Referrer',
  });
  const code = referrer.shareCode!;
  console.log(
    `1. Referrer ${referrer.id} (account ${referrer.accountId}): share code ${code}, link ${referrer.shareLink}`,
  );

  const offer = await client.lookupCode(code);
  console.log(
    `2. Code ${offer.code}: a friend gets ${offer.discountPercentage}% (processor discount "${offer.discountId}")`,
  );

  const friend = await client.identify(`acct-fred-${run}`, `fred-${run}`, {
    email: `fred+${run}@example.com`,
    firstName: 'Fred',
    referredByCode: code,
  });
  console.log(
    `3. Friend ${friend.id}: referred by ${friend.referredBy?.code} (${friend.referredBy?.status})`,
  );

  const purchase = {
    accountId: friend.accountId,
    userId: friend.id,
    idempotencyKey: randomUUID(),
    events: [{ key: 'purchase', fields: { revenue: 49.5, currency: 'USD', order_id: `order-${run}` } }],
  };
  const logged = await client.logUserEvents(purchase);
  const replay = await client.logUserEvents(purchase);
  console.log(
    `4. Purchase with key ${purchase.idempotencyKey}: ${logged.status}, event ${logged.eventIds.join(', ')}`,
  );
  console.log(`   Sent again with the same key: ${replay.status}, event ${replay.eventIds.join(', ')}`);

  const friendRewards = await client.getAccountRewards(friend.accountId);
  const referrerRewards = await client.getAccountRewards(referrer.accountId);
  console.log(
    `5. Rewards: friend's account ${friendRewards.discountPercentage}% off (${friendRewards.rewards.length} reward(s)); ` +
      `referrer's account ${referrerRewards.discountPercentage}% off (${referrerRewards.rewards.length} reward(s))`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof ApiError) {
    console.error(
      `API error ${err.statusCode} ${err.apiErrorCode}: ${err.message} (request ${err.requestId})`,
    );
    for (const issue of err.validationErrors) console.error(`  ${issue.path}: ${issue.message}`);
  } else {
    console.error(err);
  }
  process.exitCode = 1;
});
