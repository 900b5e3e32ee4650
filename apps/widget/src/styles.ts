// The widget's styles, adopted by its shadow root (a constructed sheet: allowed under the portal's
// `style-src 'self'`, and page styles never reach in). Colours come from the page's theme tokens
// (--gf-…, inherited, or set on the host by onThemeChange) with fallbacks for any other page.
export const WIDGET_CSS = `
:host { all: initial; position: fixed; right: 1rem; bottom: 1rem; z-index: 2147483000;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Tamil", sans-serif;
  --aa-bg: var(--gf-dialog-bg, #ffffff); --aa-fg: var(--gf-dialog-fg, #1b1f24);
  --aa-head-bg: var(--gf-dialog-header-bg, #1f5f3a); --aa-head-fg: var(--gf-dialog-header-fg, #ffffff);
  --aa-btn-bg: var(--gf-button-bg, #1f5f3a); --aa-btn-fg: var(--gf-button-fg, #ffffff);
  --aa-btn2-bg: var(--gf-button-secondary-bg, #e8eef0); --aa-btn2-fg: var(--gf-button-secondary-fg, #1b1f24);
  --aa-border: var(--gf-border, #6b7780); --aa-link: var(--gf-link, #1a5a96);
  --aa-muted: var(--gf-muted-fg, #4a545c); --aa-focus: var(--gf-focus-ring, #1a5a96);
  --aa-surface: var(--gf-surface-bg, #f3f5f6); --aa-surface-fg: var(--gf-surface-fg, #1b1f24); }
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
button, input { font: inherit; }
button { cursor: pointer; border-radius: 0.5rem; border: 1px solid var(--aa-border); background: var(--aa-btn2-bg);
  color: var(--aa-btn2-fg); padding: 0.35rem 0.7rem; min-height: 2.5rem; min-width: 2.5rem; }
button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid var(--aa-focus); outline-offset: 2px; }
.launcher { background: var(--aa-btn-bg); color: var(--aa-btn-fg); border: 2px solid var(--aa-btn-fg);
  border-radius: 999px; padding: 0.6rem 1.1rem; font-weight: 600; box-shadow: 0 4px 14px rgb(0 0 0 / 0.3); }
.panel { position: fixed; right: 1rem; bottom: 1rem; width: min(25rem, calc(100vw - 2rem));
  height: min(38rem, calc(100dvh - 2rem)); display: flex; flex-direction: column; background: var(--aa-bg);
  color: var(--aa-fg); border: 1px solid var(--aa-border); border-radius: 0.75rem; overflow: hidden;
  box-shadow: 0 10px 30px rgb(0 0 0 / 0.35); }
.panel[hidden] { display: none; }
@media (max-width: 480px) { .panel { right: 0; bottom: 0; width: 100vw; height: 100dvh; border-radius: 0; } }
header { display: flex; align-items: center; gap: 0.4rem; padding: 0.5rem 0.75rem; background: var(--aa-head-bg);
  color: var(--aa-head-fg); }
header h2 { font-size: 1.1rem; margin: 0 auto 0 0; }
header button { background: transparent; color: var(--aa-head-fg); border-color: var(--aa-head-fg); }
.agent { margin: 0; padding: 0.3rem 0.75rem; font-weight: 600; background: var(--aa-surface);
  color: var(--aa-surface-fg); border-bottom: 2px solid var(--aa-border); }
.log { flex: 1; overflow-y: auto; padding: 0.75rem; display: flex; flex-direction: column; gap: 0.75rem; }
.msg { max-width: 100%; overflow-wrap: anywhere; }
.msg.user { align-self: flex-end; background: var(--aa-btn-bg); color: var(--aa-btn-fg); padding: 0.4rem 0.7rem;
  border-radius: 0.75rem 0.75rem 0 0.75rem; }
.msg.bot { background: var(--aa-surface); color: var(--aa-surface-fg); padding: 0.5rem 0.75rem;
  border-radius: 0.75rem 0.75rem 0.75rem 0; }
.msg.bot a { color: var(--aa-link); }
.msg.bot :where(p, ul, ol, blockquote, table) { margin: 0.4rem 0; }
.msg.bot blockquote { border-left: 3px solid var(--aa-border); margin-left: 0; padding-left: 0.6rem; }
.msg.bot table { border-collapse: collapse; display: block; overflow-x: auto; }
.msg.bot :where(td, th) { border: 1px solid var(--aa-border); padding: 0.2rem 0.4rem; }
.who { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.sources { font-size: 0.9rem; margin-top: 0.4rem; }
.sources ul { margin: 0.2rem 0; padding-left: 1.2rem; }
.tools { display: flex; flex-wrap: wrap; gap: 0.3rem; margin-top: 0.4rem; }
.tools button { padding: 0.2rem 0.5rem; }
button > svg { display: block; }
button[aria-pressed="true"] { background: var(--aa-btn-bg); color: var(--aa-btn-fg); }
.note { color: var(--aa-muted); font-size: 0.9rem; margin: 0.25rem 0 0; }
.welcome { margin: 0; }
.suggest { display: flex; flex-direction: column; gap: 0.4rem; margin: 0; padding: 0; list-style: none; }
.suggest button { text-align: start; width: 100%; }
form { display: flex; gap: 0.4rem; padding: 0.5rem; border-top: 1px solid var(--aa-border); align-items: center; }
input { flex: 1; min-width: 0; min-height: 2.5rem; padding: 0.3rem 0.6rem; border: 1px solid var(--aa-border);
  border-radius: 0.5rem; background: var(--aa-bg); color: var(--aa-fg); }
input::placeholder { color: var(--aa-muted); opacity: 1; }
form .send { background: var(--aa-btn-bg); color: var(--aa-btn-fg); }
.status { padding: 0 0.75rem; min-height: 0; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
@media (prefers-reduced-motion: no-preference) { .launcher { transition: transform 0.15s; } .launcher:hover { transform: scale(1.04); } }
`;
