import type { Knex } from 'knex';

/**
 * The money ledger (docs/payouts.md, ADR 0009): double entry, one transaction per change to a referrer's
 * value, never edited. A transaction belongs to one referrer account, program, unit and reward type; its
 * entries move amounts between books and sum to zero:
 *
 * - `pending` (held or awaiting review), `available`, `redeemed` (credit spent), `expired`: what the
 *   referrer holds, by state;
 * - `payout_reserved`, `payout_sent`, `paid_out`: cash on its way out through a payout and paid;
 * - `funding`: the merchant's side, the negative of everything given.
 *
 * A reward's changes are posted by a trigger on `rewards`, in the same transaction as the change, so no
 * code path can change a reward without its ledger transaction: the reward's position (its amount by book,
 * `ledger_reward_position`) before and after, the difference posted, the balancing amount on `funding`.
 * Payout transactions are posted by the payout use cases. A CASH reward's change and a payout reservation
 * take the referrer's advisory lock (`ledger_lock_key`), so for cash the ledger's order is the order in
 * which changes happened and a reservation sees every change before it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table ledger_transactions (
      id bigserial primary key,
      tenant_id uuid not null references tenants (id) on delete cascade,
      account_id text not null,
      program_id text not null,
      unit text not null,
      reward_type text not null,
      kind text not null,
      reward_id uuid,
      reverses_reward_id uuid,
      payout_id uuid,
      reverses_transaction_id bigint references ledger_transactions (id),
      created_at timestamptz not null default clock_timestamp()
    )`);
  await knex.raw(`
    create table ledger_entries (
      transaction_id bigint not null references ledger_transactions (id) on delete cascade,
      book text not null check (book in ('pending', 'available', 'redeemed', 'expired', 'payout_reserved',
        'payout_sent', 'paid_out', 'funding')),
      amount bigint not null,
      primary key (transaction_id, book)
    )`);
  await knex.raw(
    'create index ledger_transactions_account_idx on ledger_transactions (tenant_id, account_id, reward_type, unit)',
  );
  await knex.raw(
    'create index ledger_transactions_reward_idx on ledger_transactions (reward_id) where reward_id is not null',
  );
  await knex.raw(`
    create function ledger_lock_key(tenant uuid, account text) returns bigint language sql immutable as $$
      select hashtextextended(tenant::text || ':' || account, 36)
    $$`);
  // A reward's amount by book as its row stands (nothing for a reward of no amount, a percent discount).
  await knex.raw(`
    create function ledger_reward_position(r rewards) returns jsonb language sql immutable as $$
      select case
        when r.amount_cents is null then '{}'::jsonb
        when r.status in ('PENDING', 'PENDING_REVIEW') then jsonb_build_object('pending', r.amount_cents)
        when r.status in ('AVAILABLE', 'REDEEMED') then
          jsonb_build_object('available', r.amount_cents - r.redeemed_cents, 'redeemed', r.redeemed_cents)
        when r.status = 'EXPIRED' then
          jsonb_build_object('expired', r.amount_cents - r.redeemed_cents, 'redeemed', r.redeemed_cents)
        else '{}'::jsonb
      end
    $$`);
  // What a change to a reward was, for its transaction's kind.
  await knex.raw(`
    create function ledger_reward_kind(op text, o rewards, n rewards) returns text language sql immutable as $$
      select case
        when op = 'DELETE' then 'REMOVED'
        when op = 'INSERT' and n.reverses_reward_id is not null then 'REVERSED'
        when op = 'INSERT' and n.status in ('PENDING', 'PENDING_REVIEW') then 'HELD'
        when op = 'INSERT' and n.reward_source = 'ADJUSTMENT' then 'ADJUSTED'
        when op = 'INSERT' then 'EARNED'
        when n.reversed_by is not null and o.reversed_by is null then 'REVERSED'
        when o.reversed_by is not null and n.reversed_by is null then 'RESTORED'
        when n.reverses_reward_id is not null and o.status = 'CANCELLED' and n.status <> 'CANCELLED' then 'REVERSED'
        when n.reverses_reward_id is not null and n.status = 'CANCELLED' and o.status <> 'CANCELLED' then 'RESTORED'
        when o.status in ('PENDING', 'PENDING_REVIEW') and n.status in ('PENDING', 'AVAILABLE') then 'RELEASED'
        when n.status = 'EXPIRED' and o.status <> 'EXPIRED' then 'EXPIRED'
        when n.status = 'CANCELLED' and o.status <> 'CANCELLED' then 'CANCELLED'
        when n.redeemed_cents > o.redeemed_cents then 'REDEEMED'
        else 'ADJUSTED'
      end
    $$`);
  // Posts the difference between two positions of a reward as one transaction (nothing when equal).
  await knex.raw(`
    create function ledger_post_reward(r rewards, kind text, before jsonb, after jsonb) returns void
    language plpgsql as $$
    declare
      tx bigint;
      program text;
      total bigint := 0;
      moved jsonb := '{}'::jsonb;
      b text;
      d bigint;
    begin
      if r.amount_cents is null then return; end if;
      for b in select jsonb_object_keys(before || after) loop
        d := coalesce((after ->> b)::bigint, 0) - coalesce((before ->> b)::bigint, 0);
        if d <> 0 then
          moved := moved || jsonb_build_object(b, d);
          total := total + d;
        end if;
      end loop;
      if moved = '{}'::jsonb then return; end if;
      -- A reward removed with its tenant (a cascade) leaves no ledger behind.
      if not exists (select 1 from tenants where id = r.tenant_id) then return; end if;
      if r.type = 'CASH' then perform pg_advisory_xact_lock(ledger_lock_key(r.tenant_id, r.account_id)); end if;
      program := coalesce(
        (select t.program_id from ledger_transactions t where t.reward_id = r.id order by t.id limit 1),
        (select f.program_id from referrals f where f.id = r.referral_id),
        'default');
      insert into ledger_transactions (tenant_id, account_id, program_id, unit, reward_type, kind, reward_id,
        reverses_reward_id)
      values (r.tenant_id, r.account_id, program, r.unit, r.type, kind, r.id,
        case when kind in ('REVERSED', 'RESTORED') then coalesce(r.reverses_reward_id, r.id) end)
      returning id into tx;
      insert into ledger_entries (transaction_id, book, amount)
      select tx, key, value::bigint from jsonb_each_text(moved);
      if total <> 0 then
        insert into ledger_entries (transaction_id, book, amount) values (tx, 'funding', -total);
      end if;
    end $$`);
  await knex.raw(`
    create function ledger_on_reward_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.account_id <> new.account_id then
        perform ledger_post_reward(old, 'MOVED', ledger_reward_position(old), '{}'::jsonb);
        perform ledger_post_reward(new, 'MOVED', '{}'::jsonb, ledger_reward_position(new));
      elsif tg_op = 'INSERT' then
        perform ledger_post_reward(new, ledger_reward_kind(tg_op, null, new), '{}'::jsonb,
          ledger_reward_position(new));
      elsif tg_op = 'DELETE' then
        perform ledger_post_reward(old, 'REMOVED', ledger_reward_position(old), '{}'::jsonb);
      else
        perform ledger_post_reward(new, ledger_reward_kind(tg_op, old, new), ledger_reward_position(old),
          ledger_reward_position(new));
      end if;
      return null;
    end $$`);
  await knex.raw(`
    create trigger rewards_ledger after insert or update or delete on rewards
    for each row execute function ledger_on_reward_change()`);
  // The rewards there are: an opening transaction each, at their position now.
  await knex.raw(`
    select ledger_post_reward(r, 'OPENING', '{}'::jsonb, ledger_reward_position(r))
    from rewards r order by r.date_given, r.id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger rewards_ledger on rewards');
  await knex.raw('drop function ledger_on_reward_change()');
  await knex.raw('drop function ledger_post_reward(rewards, text, jsonb, jsonb)');
  await knex.raw('drop function ledger_reward_kind(text, rewards, rewards)');
  await knex.raw('drop function ledger_reward_position(rewards)');
  await knex.raw('drop function ledger_lock_key(uuid, text)');
  await knex.raw('drop table ledger_entries');
  await knex.raw('drop table ledger_transactions');
}
