// The editor's live preview: the article's Markdown rendered with marked and sanitized with
// DOMPurify (the widget's own pair), so a script, handler or javascript: link typed into an article
// never runs in the administrator's page. Returned as a fragment, never as an HTML string.
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** The preview sits under the editor's h2, h3: an article's h1 becomes h4, and so on (h6 at most). */
const HEADING_SHIFT = 3;

export function renderArticlePreview(markdown: string): DocumentFragment {
  const html = marked.parse(markdown) as string;
  const fragment = DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'img'],
    FORBID_ATTR: ['style', 'class', 'id'],
    RETURN_DOM_FRAGMENT: true,
  }) as DocumentFragment;
  for (const link of fragment.querySelectorAll('a')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  for (const heading of fragment.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    const level = Math.min(6, Number(heading.tagName.slice(1)) + HEADING_SHIFT);
    const shifted = document.createElement(`h${level}`);
    shifted.append(...heading.childNodes);
    heading.replaceWith(shifted);
  }
  return fragment;
}
