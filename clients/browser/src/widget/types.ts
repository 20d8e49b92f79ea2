/** The answer of GET /open/account/{a}/user/{u}/widget: everything the widget shows, in one call. */
export interface WidgetData {
  user: {
    id: string;
    accountId: string;
    firstName: string | null;
    shareCode: string | null;
    shareLink: string | null;
  };
  program: {
    name: string;
    referredDiscountPercent: number;
    referrerReward: {
      type: 'PCT_DISCOUNT' | 'CREDIT';
      discountPercent: number | null;
      amountCents: number | null;
      unit: string | null;
    };
    headline: string | null;
    subheadline: string | null;
  };
  referrals: { name: string; status: string; dateReferred: number; dateConverted: number | null }[];
  rewards: { discountPercent: number; balances: { unit: string; amountCents: number }[] };
}
