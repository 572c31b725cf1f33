/** The console page's style sheet. */

/** The console page's style sheet (served as /assets/console.css; no web fonts, nothing fetched). */
export const CONSOLE_CSS = `
:root { --fg: #111827; --muted: #4b5563; --line: #d1d5db; --bg: #f8fafc; --card: #fff; --accent: #2563eb; --bad: #b91c1c; --ok: #047857; color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", sans-serif; color: var(--fg); background: var(--bg); }
header { padding: 14px 24px 4px; }
h1 { font-size: 20px; margin: 0; }
h2 { font-size: 18px; margin: 0 0 12px; }
h3 { font-size: 15px; margin: 0; }
.muted { color: var(--muted); }
.skip { position: absolute; left: -9999px; }
.skip:focus { left: 8px; top: 8px; background: #fff; padding: 6px; }
nav ul { display: flex; gap: 4px; list-style: none; margin: 0; padding: 0 24px; border-bottom: 1px solid var(--line); }
nav a { display: block; padding: 8px 14px; color: var(--fg); text-decoration: none; border: 1px solid transparent; border-bottom: none; border-radius: 8px 8px 0 0; }
nav a[aria-current="page"] { background: var(--card); border-color: var(--line); margin-bottom: -1px; font-weight: 600; }
ul[role="list"] { list-style: none; padding: 0; margin: 0; }
main { padding: 16px 24px 40px; max-width: 1100px; }
main:focus { outline: none; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 12px 16px; margin: 0 0 10px; }
.row { display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
.grow { flex: 1; }
.badge { display: inline-block; font-size: 12px; padding: 1px 8px; border-radius: 999px; background: #e5e7eb; }
.badge.prompt { background: #ede9fe; } .badge.tool { background: #dbeafe; } .badge.mcp { background: #dcfce7; }
.badge.off { background: #fee2e2; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0 0; font-size: 13px; }
dl.meta dt { color: var(--muted); } dl.meta dd { margin: 0; overflow-wrap: anywhere; }
label { font-weight: 500; }
input[type="text"], input[type="search"], input[type="number"], select, textarea { font: inherit; padding: 6px 8px; border: 1px solid #9ca3af; border-radius: 6px; background: #fff; color: var(--fg); }
textarea { width: 100%; min-height: 70px; }
input[type="search"] { width: 320px; max-width: 100%; }
button { font: inherit; padding: 6px 14px; border-radius: 6px; border: 1px solid #9ca3af; background: #fff; cursor: pointer; }
button.primary { background: var(--accent); color: #fff; border-color: var(--accent); }
button.danger { color: var(--bad); border-color: var(--bad); }
.switch { display: inline-flex; align-items: center; gap: 8px; cursor: pointer; }
.switch input { appearance: none; width: 40px; height: 22px; border-radius: 11px; background: #9ca3af; position: relative; margin: 0; cursor: pointer; transition: background .15s; }
.switch input::after { content: ""; position: absolute; top: 3px; left: 3px; width: 16px; height: 16px; border-radius: 50%; background: #fff; transition: left .15s; }
.switch input:checked { background: var(--ok); }
.switch input:checked::after { left: 21px; }
.field { margin: 0 0 14px; }
.field .hint { font-size: 13px; color: var(--muted); margin: 2px 0 4px; }
.field .error, .error { color: var(--bad); font-size: 13px; margin: 4px 0 0; }
.field.invalid input, .field.invalid select { border-color: var(--bad); }
.list-item { display: flex; gap: 6px; margin: 0 0 4px; }
.color-pair { display: flex; gap: 8px; align-items: center; }
.color-pair input[type="color"] { width: 44px; height: 32px; padding: 0; border: 1px solid #9ca3af; border-radius: 6px; }
/* No color chosen: a neutral hatched swatch instead of the color input's own (a color input always holds one). */
.color-pair input[type="color"].empty::-webkit-color-swatch { background: repeating-linear-gradient(135deg, #fff 0 4px, #d1d5db 4px 6px) !important; }
.color-pair input[type="color"].empty::-moz-color-swatch { background: repeating-linear-gradient(135deg, #fff 0 4px, #d1d5db 4px 6px) !important; }
pre { background: #0f172a; color: #e2e8f0; padding: 12px; border-radius: 8px; overflow: auto; max-height: 420px; font-size: 13px; white-space: pre-wrap; overflow-wrap: anywhere; }
.problems { color: var(--bad); white-space: pre-wrap; font-family: ui-monospace, monospace; font-size: 13px; }
.drop { border: 2px dashed #9ca3af; border-radius: 12px; padding: 18px; text-align: center; color: var(--muted); }
.drop.over { border-color: var(--accent); background: #eff6ff; }
.rules { background: #fffbeb; border: 1px solid #f59e0b; border-radius: 8px; padding: 8px 12px; margin: 0 0 12px; }
.rules ul { margin: 4px 0 0; padding-left: 20px; }
.swatch { display: inline-block; width: 18px; height: 18px; border-radius: 4px; border: 1px solid #0003; vertical-align: middle; margin-right: 4px; }
.bars { max-width: 640px; }
.bar-row { display: grid; grid-template-columns: 11em 1fr 9em; gap: 10px; align-items: center; margin: 6px 0; }
.bar { height: 16px; border-radius: 4px; background: var(--accent); min-width: 2px; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
.sev-error { color: var(--bad); font-weight: 600; } .sev-warn { color: #b45309; font-weight: 600; }
#status { position: fixed; bottom: 12px; right: 12px; max-width: 420px; }
#status:not(:empty) { background: #111827; color: #fff; padding: 8px 12px; border-radius: 8px; }
dialog { border: 1px solid var(--line); border-radius: 12px; padding: 18px; }
dialog::backdrop { background: #0006; }
img.result { max-width: 100%; border: 1px solid var(--line); border-radius: 8px; background: #fff; }
`;
