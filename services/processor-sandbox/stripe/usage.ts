/** How to point the official library and the service at the stand-in (printed by start:stripe-sandbox). */
export function stripeFrontUsage(url: string): string {
  const { hostname, port, protocol } = new URL(url);
  return `Stripe stand-in (front ${url}, localstripe behind it)
Point the official library at it (any well-formed key; sk_test_X and rk_test_X are one account):
  new Stripe('sk_test_demo_merchant', { apiVersion: '2024-09-30.acacia',
    host: '${hostname}', port: ${port}, protocol: '${protocol.replace(':', '')}' })
Restricted keys (rk_test_...) read, and write customers, coupons, promotion codes and customer balance
transactions only; creating a webhook endpoint with one is Stripe's 403.
Payment methods: pm_card_visa (pm_card_chargeCustomerFail declines).
Control API (JSON; "key" names the account):
  GET  ${url}/_sandbox/calls[?key=sk_test_...]            every API call (method, path, status, replayed)
  GET  ${url}/_sandbox/deliveries[?key=...]               webhook deliveries and their attempts
  POST ${url}/_sandbox/deliveries/hold    {"key":"..."}   capture deliveries without sending them
  POST ${url}/_sandbox/deliveries/release {"key":"...","order":["dlv_..."|"evt_..."],"times":2}
  POST ${url}/_sandbox/events/{evt}/resend {"key":"...","endpoint":"we_..."}
  POST ${url}/_sandbox/checkout/sessions/{cs}/complete {"key":"...","promotion_code":"JANEDOE"}
  POST ${url}/_sandbox/charges/{ch}/dispute {"key":"...","reason":"fraudulent"}
  POST ${url}/_sandbox/disputes/{du}/close {"key":"...","status":"won"|"lost"}
  POST ${url}/_sandbox/keys/revoke {"key":"..."}          POST ${url}/_sandbox/reset
Connect payouts (accounts, account links, transfers, reversals are API calls):
  POST ${url}/_sandbox/connect/accounts/{acct}/onboard {"key":"..."}   (or open the account link's url)
  POST ${url}/_sandbox/connect/transfers/{tr}/reverse {"key":"...","amount":100}
  POST ${url}/_sandbox/connect/faults {"mode":"late"|"drop","count":1,"delayMs":5000}
  POST ${url}/_sandbox/connect/refusals {"destination":"acct_...","message":"...","code":"balance_insufficient"}
  GET  ${url}/_sandbox/connect/payments[?key=referral-payout-...]   transfers made per idempotency key
`;
}
