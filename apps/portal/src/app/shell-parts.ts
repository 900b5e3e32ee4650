// The shell's parts that come after the first view (issue 7): AI Assist's bridge and question box,
// the toasts, the session-expired dialog. One module, so one chunk and one request: each lazily
// imported on its own, they were four chunks and a fifth of what they shared, fetched in the
// seconds after the first paint, when a phone's cores are busiest.
export { AssistantBridge } from '../features/assistant/assistant-bridge.ts';
export { HeaderSearch } from '../features/assistant/header-search.tsx';
export { SessionExpiredDialog } from '../lib/session/session-expired-dialog.tsx';
export { ToastHost } from '../lib/toast/toast-host.tsx';
