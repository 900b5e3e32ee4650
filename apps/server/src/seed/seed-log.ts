// The seed reports progress through whatever the caller has: a function or a pino-style logger.
export type SeedLog = ((message: string) => void) | { info: (message: string) => void };

export function logWith(log: SeedLog | undefined): (message: string) => void {
  if (!log) return () => undefined;
  if (typeof log === 'function') return log;
  return (message) => log.info(message);
}
