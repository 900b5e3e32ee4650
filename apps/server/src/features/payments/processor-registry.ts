// The payment processors of this process by platform key (payment_platforms.platform_key): the
// built-in test processor, and the adapter of each real provider once one is written. A platform
// whose key has no processor here stays listed but cannot become active, and is never faked.
import type { PaymentProcessor } from '../../adapters/payments/processor.ts';
import type { Database } from '../../db/client.ts';
import { type ActivePlatform, activePlatform } from './platform-service.ts';

export class PaymentProcessors {
  readonly #byKey = new Map<string, PaymentProcessor>();

  /** Adds the adapter of a platform; a key is taken once. */
  register(platformKey: string, processor: PaymentProcessor): this {
    if (this.#byKey.has(platformKey))
      throw new Error(`a payment processor is already registered for ${platformKey}`);
    this.#byKey.set(platformKey, processor);
    return this;
  }

  get(platformKey: string): PaymentProcessor | undefined {
    return this.#byKey.get(platformKey);
  }

  /** The platform keys with an adapter. */
  get keys(): readonly string[] {
    return [...this.#byKey.keys()];
  }
}

/** The tenant's active platform and its processor; 503 when no enabled platform has an adapter. */
export async function activeProcessor(
  db: Database,
  processors: PaymentProcessors,
  tenantId: string,
): Promise<{ platform: ActivePlatform; processor: PaymentProcessor }> {
  const platform = await activePlatform(db, tenantId, processors.keys);
  const processor = processors.get(platform.platformKey);
  // activePlatform has checked the key against the same list.
  if (!processor) throw new Error(`no payment processor is registered for ${platform.platformKey}`);
  return { platform, processor };
}
