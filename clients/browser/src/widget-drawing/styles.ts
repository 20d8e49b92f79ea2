/**
 * The drawn widget's styles, after the library's own (../widget/shell.ts: the custom properties, the
 * panel, buttons, focus ring, loading and error states). Greys are translucent so they work on any
 * background colour.
 */
export const STYLES = `
h2{font-size:1.35em;line-height:1.25;margin:0 0 4px}
h3{font-size:1em;margin:20px 0 6px}
.sub{opacity:.8;margin-bottom:16px}
.muted{opacity:.7;font-size:.9em}
.offers{display:flex;flex-wrap:wrap;gap:8px;margin-bottom:16px}
.offer{flex:1 1 180px;padding:10px 12px;border-radius:8px;border-left:4px solid var(--a);background:rgba(127,127,127,.08)}
.offer strong{display:block;font-size:1.1em}
.offer span{opacity:.75;font-size:.9em}
label{display:block;font-weight:600;font-size:.9em;margin-bottom:4px}
.row{display:flex;gap:8px;align-items:flex-start}
textarea{flex:1;min-width:0;resize:none;field-sizing:content;overflow-wrap:anywhere;font:inherit;color:inherit;background:transparent;padding:8px 10px;border:1px solid rgba(127,127,127,.5);border-radius:8px}
.share{display:flex;flex-wrap:wrap;align-items:center;gap:6px;margin-top:10px}
.share a{padding:5px 12px;border:1px solid rgba(127,127,127,.4);border-radius:999px;color:inherit;text-decoration:none;font-size:.9em}
.share a:hover{border-color:var(--a);color:var(--a)}
ul{list-style:none;margin:0;padding:0}
li{display:flex;flex-wrap:wrap;align-items:center;gap:4px 10px;padding:8px 0;border-top:1px solid rgba(127,127,127,.2)}
li div{flex:1 1 14em;min-width:0}
.name{display:block;font-weight:600}
.badge{white-space:nowrap;font-size:.8em;font-weight:600;padding:2px 10px;border-radius:999px;background:rgba(127,127,127,.15)}
.badge.SUBSCRIBED{background:#dcfce7;color:#14532d}
.badge.UNDER_REVIEW{background:#fef3c7;color:#78350f}
.badge.CANCELLED{opacity:.7}
.badge{white-space:normal;text-align:right}
.actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:10px}
.qr{margin-top:10px}
.qr svg{display:block;width:168px;height:168px}
.goal{font-weight:600}
progress{appearance:none;-webkit-appearance:none;display:block;width:100%;height:8px;margin:8px 0 6px;border:0;border-radius:99px;overflow:hidden;background:rgba(127,127,127,.2)}
progress::-webkit-progress-bar{background:rgba(127,127,127,.2)}
progress::-webkit-progress-value{background:var(--a)}
progress::-moz-progress-bar{background:var(--a)}
.boards{display:flex;flex-wrap:wrap;gap:8px 24px}
.board{flex:1 1 12em;min-width:0}
h4{font-size:.9em;margin:4px 0}
ol{list-style:none;margin:0;padding:0}
ol li{flex-wrap:nowrap;gap:8px;padding:6px 4px}
.rank{min-width:1.6em;opacity:.7}
.who{flex:1 1 auto;min-width:0;font-weight:600}
li.you{background:rgba(127,127,127,.08)}
li.you .who{color:var(--a)}
.summary{font-weight:600;margin-bottom:6px}
.more{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px;padding-top:8px;border-top:1px solid rgba(127,127,127,.2)}
li:focus{outline:none}
li:focus-visible{outline:3px solid var(--a);outline-offset:-3px}
.reward{font-weight:600}
.why{display:block}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.payouts h4{margin:16px 0 6px}
.cash{display:grid;grid-template-columns:repeat(auto-fit,minmax(7.5em,1fr));gap:8px;margin:0 0 8px}
.cash div{padding:8px 10px;border-radius:8px;background:rgba(127,127,127,.08)}
.cash .available{border-left:4px solid var(--a)}
.cash dt{font-size:.85em;opacity:.8}
.cash dd{margin:0;font-weight:600;font-size:1.05em;font-variant-numeric:tabular-nums}
.note{padding:8px 12px;border-radius:8px;background:#fef3c7;color:#78350f;margin:0 0 8px}
.chosen{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px;font-weight:600}
.pay-form{display:grid;gap:12px;margin-top:8px}
fieldset{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px 16px;min-width:0}
legend{font-weight:600;font-size:.9em;padding:0;margin-bottom:4px}
label.choice{display:flex;align-items:center;gap:6px;font-weight:400;font-size:1em;margin:0;min-height:32px}
input:not([type=radio]),select{display:block;width:100%;font:inherit;color:inherit;background:transparent;padding:8px 10px;border:1px solid rgba(127,127,127,.5);border-radius:8px}
input[type=radio]{width:18px;height:18px;margin:0;accent-color:var(--a)}
[aria-invalid=true]{border-color:#b91c1c}
.err{color:#b91c1c;font-size:.9em;margin-top:4px}
.err:empty{display:none}
.badge.PAID{background:#dcfce7;color:#14532d}
.badge.FAILED,.badge.RETURNED,.badge.UNCLAIMED{background:#fee2e2;color:#7f1d1d}
a.button{display:inline-block;font-weight:600;border-radius:8px;padding:8px 14px;background:var(--a);color:#fff;text-decoration:none}
dialog{padding:0;border:0;border-radius:12px;background:transparent;width:min(560px,calc(100vw - 24px));max-height:calc(100vh - 24px);overflow:auto}
dialog::backdrop{background:rgba(0,0,0,.5)}
.card{position:relative;color:var(--t)}
.card h2{padding-right:40px}
.card .panel{border:0;padding-top:24px}
.close{position:absolute;top:8px;right:8px;min-width:0;padding:2px 10px;font-size:1.3em;line-height:1}
`;
