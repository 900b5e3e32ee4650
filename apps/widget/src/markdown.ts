// Answers are Markdown from the ML host: rendered with marked, then sanitized with DOMPurify before
// they reach the shadow root, so a script, handler or javascript: link in an answer never runs.
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Sanitized HTML for an answer; relative links resolve against the ML host's origin. */
export function renderMarkdown(markdown: string, baseUrl: string = location.href): string {
  const html = marked.parse(markdown) as string;
  const clean = DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'img'],
    FORBID_ATTR: ['style', 'class', 'id'],
    RETURN_DOM_FRAGMENT: true,
  }) as DocumentFragment;
  for (const link of clean.querySelectorAll('a')) {
    const href = link.getAttribute('href');
    if (href) link.setAttribute('href', absoluteUrl(href, baseUrl));
    if (new URL(link.href, baseUrl).origin !== new URL(baseUrl).origin) {
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
    }
  }
  const holder = document.createElement('div');
  holder.append(clean);
  return holder.innerHTML;
}

export function absoluteUrl(href: string, baseUrl: string): string {
  try {
    return new URL(href, baseUrl).href;
  } catch {
    return '#';
  }
}
