/**
 * The friend-offer's styles, scoped by its shadow root, with the widget's custom properties
 * (--referral-accent, --referral-font, --referral-bg, --referral-text) for the merchant's brand.
 */
export const FRIEND_OFFER_STYLES = `
:host{display:block;--a:var(--referral-accent,#4f46e5);--f:var(--referral-font,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);--b:var(--referral-bg,#fff);--t:var(--referral-text,#1f2937)}
:host([hidden]){display:none}
*{box-sizing:border-box}
.offer{font:15px/1.5 var(--f);color:var(--t);background:var(--b);border:1px solid rgba(127,127,127,.25);border-left:6px solid var(--a);border-radius:12px;padding:14px 18px;overflow-wrap:anywhere}
.title{display:block;font-size:1.25em;font-weight:700;line-height:1.3;margin:0}
p{margin:4px 0 0}
.code{font-size:.9em;opacity:.8}
.code strong{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.06em;opacity:1}
.loading{opacity:.7;font-size:.9em}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;
