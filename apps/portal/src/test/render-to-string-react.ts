// The portal's unit tests run on React (apps/portal/vite.config.ts, mode `test`), where
// entry-server.tsx's preact-render-to-string cannot render React's elements: in that mode its
// `renderToStringAsync` is this, React's own prerender to a string, waiting for what suspends as
// preact-render-to-string does. What ships renders with Preact (checked by e2e/hydration.e2e.ts).
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';

export async function renderToStringAsync(tree: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(tree, { onError: (error) => void errors.push(error) });
  const reader = prelude.getReader();
  const decoder = new TextDecoder();
  let html = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    html += decoder.decode(value, { stream: true });
  }
  if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  return html + decoder.decode();
}
