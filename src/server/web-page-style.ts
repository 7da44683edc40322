/** The page's only stylesheet, allowed by its hash (web-page.ts): no style attributes anywhere. */
export const PAGE_STYLE = `
:root { color-scheme: light dark; --accent: #1d4ed8; --muted: #5b6472; --line: #cfd5de; --card: rgba(127, 127, 127, .06); --ok: #15803d; --bad: #b91c1c; }
@media (prefers-color-scheme: dark) { :root { --accent: #93b4ff; --muted: #a3acb9; --line: #3b4250; --ok: #4ade80; --bad: #f87171; } }
* { box-sizing: border-box; }
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 90rem; padding: 1rem; }
h1 { font-size: 1.4rem; margin: 0; }
h2 { font-size: 1.15rem; margin: 0 0 .6rem; }
h3 { font-size: 1rem; margin: .9rem 0 .4rem; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
[hidden] { display: none !important; }
.skip { position: absolute; left: -100vw; }
.skip:focus { position: static; display: inline-block; margin-bottom: .5rem; }
.top { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.5rem; margin-bottom: 1rem; }
.top nav { display: flex; gap: 1rem; }
#token-form { display: flex; flex-wrap: wrap; align-items: end; gap: .5rem; margin-left: auto; }
#token-form label { margin: 0; }
#token-form input { width: 16rem; max-width: 100%; }
.layout { display: grid; gap: 1.5rem; align-items: start; }
.area-main { display: grid; gap: 1.5rem; min-width: 0; }
/* Wide: the form and the jobs on the left, progress, the exploration and the library on the right;
   the DOM order (form, right column, jobs) is the reading order on a phone. */
@media (min-width: 1100px) {
  .layout { grid-template-columns: minmax(0, 27rem) minmax(0, 1fr); grid-template-rows: auto 1fr; grid-template-areas: "explore main" "jobs main"; }
  .area-explore { grid-area: explore; } .area-main { grid-area: main; } .area-jobs { grid-area: jobs; }
}
section { border: 1px solid var(--line); border-radius: .6rem; padding: 1rem; min-width: 0; }
@media (max-width: 520px) { body { padding: .6rem; } section { padding: .75rem; } .layout, .area-main { gap: 1rem; } }
label, legend { display: block; font-weight: 600; margin: .6rem 0 .25rem; }
textarea, input, select { font: inherit; width: 100%; max-width: 100%; min-width: 0; padding: .4rem .5rem; border: 1px solid var(--line); border-radius: .35rem; background: Canvas; color: CanvasText; }
textarea { min-height: 5.5rem; resize: vertical; }
fieldset { border: 1px solid var(--line); border-radius: .35rem; margin: .6rem 0 0; padding: 0 .75rem .5rem; }
fieldset label { font-weight: 400; display: flex; gap: .5rem; align-items: baseline; margin: .3rem 0; }
fieldset input { width: auto; }
details > summary { cursor: pointer; margin-top: .6rem; font-weight: 600; }
.row { display: flex; flex-wrap: wrap; gap: 0 1rem; }
.row > div { flex: 1 1 13rem; min-width: 0; }
button, .button { font: inherit; display: inline-block; padding: .4rem .9rem; border: 1px solid var(--accent); border-radius: .35rem; background: var(--accent); color: Canvas; cursor: pointer; text-decoration: none; }
button.secondary, .button.secondary { background: transparent; color: var(--accent); }
button:disabled { opacity: .55; cursor: default; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; margin: .75rem 0; }
.muted { color: var(--muted); font-size: .92rem; }
.error { color: var(--bad); font-weight: 600; }
/* The status line floats at the bottom of the window, so it is seen wherever one is on the page;
   empty, it stays in the accessibility tree (an aria-live region must exist before it speaks). */
.status-line { position: fixed; z-index: 1; bottom: 1rem; left: 50%; transform: translateX(-50%); width: max-content; max-width: calc(100vw - 2rem); margin: 0; padding: .5rem 1rem; border: 1px solid var(--line); border-radius: .5rem; background: Canvas; box-shadow: 0 2px 10px rgba(0, 0, 0, .2); }
.status-line:empty { padding: 0; border: 0; box-shadow: none; }
.live-lists ol:empty::after, #lines:empty::after { content: "none yet"; color: var(--muted); }
.cards { list-style: none; margin: .5rem 0; padding: 0; display: grid; gap: .6rem; }
.card { border: 1px solid var(--line); border-radius: .5rem; padding: .6rem .75rem; background: var(--card); overflow-wrap: anywhere; }
.card h3 { margin: 0 0 .2rem; font-size: 1.02rem; }
.card p { margin: .15rem 0; }
.card .actions { margin: .4rem 0 0; }
.card .actions button { padding: .2rem .7rem; font-size: .92rem; }
.meta { display: flex; flex-wrap: wrap; gap: .15rem .9rem; font-size: .9rem; color: var(--muted); }
.badge { border: 1px solid var(--line); border-radius: 1rem; padding: 0 .5rem; }
/* An entry whose latest refresh changed its verdict: marked in words, and in colour. */
.badge.changed { border-color: var(--bad); color: var(--bad); font-weight: 600; }
.status-completed { color: var(--ok); font-weight: 600; } .status-failed { color: var(--bad); font-weight: 600; }
.status-running, .status-pending { color: var(--accent); font-weight: 600; }
.search-row { display: flex; flex-wrap: wrap; gap: 0 1rem; align-items: end; }
.search-row > div { flex: 1 1 9rem; min-width: 0; }
.search-row > div.wide { flex: 3 1 14rem; }
.pager { display: flex; flex-wrap: wrap; align-items: center; gap: .75rem; }
.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr)); gap: .5rem; margin: .5rem 0; }
.facts div { border: 1px solid var(--line); border-radius: .4rem; padding: .3rem .5rem; }
.facts dt { font-size: .8rem; color: var(--muted); } .facts dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.live-lists { display: grid; gap: 0 1.5rem; }
@media (min-width: 700px) { .live-lists { grid-template-columns: 1fr 1fr; } }
.live-lists ol, #lines { margin: 0; padding-left: 1.4rem; font-size: .9rem; overflow-wrap: anywhere; }
#plan { white-space: pre-wrap; font: inherit; font-size: .9rem; margin: 0; }
#report { line-height: 1.6; overflow-wrap: break-word; border-top: 1px solid var(--line); margin-top: .75rem; }
#report pre { overflow-x: auto; } #report table { display: block; overflow-x: auto; border-collapse: collapse; }
#report td, #report th { border: 1px solid var(--line); padding: .2rem .4rem; }
#report a[data-source] { text-decoration: none; font-size: .85em; vertical-align: super; }
/* Sentences the Checks section lists: a figure or quote the cited source does not contain. */
mark.claim-unchecked { background: rgba(234, 179, 8, .28); color: inherit; border-bottom: 2px dotted var(--bad); padding: 0 .05em; }
#report .claim-unchecked-block { border-left: 3px solid var(--bad); padding-left: .6rem; }
#report-checks { margin-top: 1.5rem; }
#report-checks li { margin: .35rem 0; }
.checks-line { margin: .4rem 0; font-size: .92rem; }
.submit-row { align-items: center; }
#estimate { margin: 0; }
`;
