// The shell's inline JSON data blocks (<script type="application/json" id=…>, written by the server's
// plugins/app-shell.ts): answers the portal starts from instead of asking the API after the paint.

/**
 * The data block `id`, parsed, and taken out of the page: what it says may go stale (an
 * administrator's save), so it is read once. Undefined where there is none or it cannot be read;
 * the caller then asks the API as it would without it.
 */
export function takeInlineData(id: string): unknown {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(id);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '');
  } catch {
    return undefined;
  }
}
