export const PAGE_STYLE = `
:root { color-scheme: light dark; --accent: #2563eb; --muted: #6b7280; --line: #d1d5db; }
* { box-sizing: border-box; }
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1.5rem; }
h1 { font-size: 1.4rem; margin: 0 0 1rem; }
h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
form, .panel { border: 1px solid var(--line); border-radius: .5rem; padding: 1rem; }
label { display: block; font-weight: 600; margin: .5rem 0 .25rem; }
textarea, input, select { font: inherit; width: 100%; padding: .4rem; border: 1px solid var(--line); border-radius: .3rem; }
textarea { min-height: 6rem; }
.row { display: flex; gap: 1rem; } .row > div { flex: 1; }
button { font: inherit; margin-top: .75rem; padding: .45rem 1rem; border: 0; border-radius: .3rem; background: var(--accent); color: #fff; cursor: pointer; }
button:disabled { opacity: .6; cursor: default; }
.error { color: #b91c1c; } .muted { color: var(--muted); font-size: .9rem; }
table { width: 100%; border-collapse: collapse; font-size: .9rem; }
td, th { text-align: left; padding: .3rem .4rem; border-bottom: 1px solid var(--line); }
tr[data-job] { cursor: pointer; } tr[data-job]:hover { background: rgba(37, 99, 235, .08); }
.status-completed { color: #15803d; } .status-failed { color: #b91c1c; } .status-running { color: var(--accent); }
#report { line-height: 1.6; } #report pre { overflow-x: auto; }
`;
