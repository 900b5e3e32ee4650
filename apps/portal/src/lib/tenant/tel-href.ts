/** "(555) 010-4400" → "tel:5550104400" for a link; the visible text stays as the utility wrote it. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
