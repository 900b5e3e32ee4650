// Adds the unsubscribe footer to a rendered notice: a line with the link in the text part and a
// small paragraph at the end of the HTML part (every value escaped).
import type { Language, NoticeType } from '@gridfront/contracts';
import { escapeHtml } from '../../../lib/escape-html.ts';
import { NOTICE_STRINGS } from './notice-strings.ts';
import type { RenderedMail } from './render.ts';

const HTML_END = '</div></div></body></html>';

export function withUnsubscribeFooter(
  mail: RenderedMail,
  language: Language,
  type: NoticeType,
  unsubscribeUrl: string,
): RenderedMail {
  const words = NOTICE_STRINGS[language];
  const why = words.why(words.typeName[type]);
  const text = `${mail.text}\n\n${why}\n${words.unsubscribe}: ${unsubscribeUrl}`;
  const footer = `<p style="color:#555555;font-size:12px;border-top:1px solid #dddddd;padding-top:12px">${escapeHtml(why)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#555555">${escapeHtml(words.unsubscribe)}</a></p>\n`;
  const at = mail.html.lastIndexOf(HTML_END);
  const html = at >= 0 ? `${mail.html.slice(0, at)}${footer}${mail.html.slice(at)}` : `${mail.html}${footer}`;
  return { subject: mail.subject, text, html };
}
