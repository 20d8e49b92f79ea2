import crypto from 'node:crypto';
import type { FrontContext } from './context';
import { ownerOf, stripeEvent } from './events-api';
import { verifySignature } from './signing';
import type { StripeObject } from './state';

/*
 * localstripe's own events reach the front first: one webhook registered at localstripe
 * (`POST /_config/webhooks/{id}` with url, secret and no event filter) points at the front's relay, which
 * checks localstripe's signature, gives the event to the account owning its object, in Stripe's shape,
 * and delivers it to that account's endpoints like the front's own events (so tests can hold, reorder
 * and repeat them). `invoice.paid` is added beside localstripe's `invoice.payment_succeeded`.
 */

export const RELAY_WEBHOOK_ID = 'stripe_front_relay';

export class Relay {
  readonly secret = `whsec_relay_${crypto.randomBytes(16).toString('hex')}`;

  constructor(private readonly ctx: FrontContext) {}

  /** Registers (again: localstripe forgets it on restart) the relay webhook at localstripe. */
  async register(frontUrl: string) {
    const answer = await this.ctx.localstripe('POST', `/_config/webhooks/${RELAY_WEBHOOK_ID}`, {
      json: { url: `${frontUrl}/_sandbox/relay`, secret: this.secret },
    });
    if (answer.status !== 200)
      throw new Error(`localstripe refused the relay webhook: ${JSON.stringify(answer.body)}`);
  }

  /** One delivery from localstripe; answers the HTTP status to give it. */
  receive(payload: string, signature: string | undefined): number {
    if (!signature || !verifySignature(payload, signature, this.secret)) return 400;
    const event = JSON.parse(payload) as StripeObject;
    const object = (event.data as { object: Record<string, unknown> }).object;
    const owner = ownerOf(this.ctx, object);
    if (!owner) return 200; // an object no account made through the front (e.g. balance.available)
    const account = this.ctx.account(owner);
    if (account.events.has(event.id)) return 200;
    if (typeof object.id === 'string') this.ctx.owners.set(object.id, owner);
    const converted = stripeEvent(this.ctx, event);
    const data = converted.data as { object: StripeObject };
    this.ctx.events.emit(account, String(event.type), data.object, {
      id: event.id,
      created: Number(event.created),
    });
    if (event.type === 'invoice.payment_succeeded')
      this.ctx.events.emit(account, 'invoice.paid', data.object);
    return 200;
  }
}
