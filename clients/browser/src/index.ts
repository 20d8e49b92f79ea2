import { autofill } from './autofill';
import { checkCode } from './codes';
import { captureClick } from './cookie';
import { readScriptTag } from './env';
import { track } from './events';
import { defineFriendOfferElement, friendOffer } from './friend-offer/friend-offer';
import { init } from './init';
import { installQueue } from './queue';
import { defineWidgetElement } from './widget/element';
import { widget } from './widget/widget';

/**
 * The browser library: `window.referral` (promises) and `window._sqh` (the queue). Loading it twice
 * keeps the first copy.
 */
const page = window as unknown as { referral?: { version?: string }; _sqh?: unknown };
if (!page.referral?.version) {
  readScriptTag();
  captureClick();
  const api = {
    version: '1',
    init,
    autofill,
    widget,
    events: { track },
    // Browser integration.
    checkCode,
    friendOffer,
  };
  page.referral = api;
  installQueue(page, { init, autofill, widget, 'events.track': track, checkCode, friendOffer });
  defineWidgetElement();
  defineFriendOfferElement();
}
