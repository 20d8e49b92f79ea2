/**
 * What an operator may do by hand to an account or a user (migration 028); each is a row of
 * `hand_actions`, applied once per (tenant, idempotency key). The rules are in
 * shared/domain/rewards/credit-actions.ts and shared/domain/accounts/user-actions.ts.
 */
export const HAND_ACTIONS = [
  'ADJUST_CREDIT',
  'REDEEM_CREDIT',
  'UPDATE_USER',
  'CHANGE_SHARE_CODE',
  'DELETE_USER',
] as const;
export type HandAction = (typeof HAND_ACTIONS)[number];

/**
 * How long a share code an operator replaced keeps resolving to its user (share links, GET /code,
 * attribution), so links already sent out keep working: 30 days from the change. After that it is
 * unknown, like any code nobody holds.
 */
export const RETIRED_SHARE_CODE_GRACE_DAYS = 30;
