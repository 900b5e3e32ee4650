// The script's entry: starts the widget once the page has a body (document.currentScript is only
// set while this script first runs, so it is read now).
import { start } from './main.ts';

const current = document.currentScript as HTMLScriptElement | null;
if (document.body) start(current);
else document.addEventListener('DOMContentLoaded', () => start(current), { once: true });
