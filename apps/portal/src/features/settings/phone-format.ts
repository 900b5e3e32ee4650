/** Ten digits typed any way become the spec's (XXX) XXX-XXXX; anything else is left for the rule to judge. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 10 || /[^\d\s().+-]/.test(value)) return value;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
