/** What the account page's hand actions act on: the action and, for a user's action, the user. */

export type ActionKind = 'ADJUST' | 'REDEEM' | 'EDIT' | 'CODE' | 'DELETE';

export interface ActionUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  shareCode: string | null;
}

export interface Acting {
  kind: ActionKind;
  user?: ActionUser;
}
