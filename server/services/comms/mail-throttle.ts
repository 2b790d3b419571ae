/**
 * The pace of marketing mail (campaigns and automations alike): at most `CAMPAIGN_RATE_PER_MINUTE`
 * mails start a minute from this process, whoever sends them, so that the SMTP relay's limit holds
 * when an automation's mails go out during a campaign. One throttle per store.
 */
import type { Config } from '../../config/env';
import type { Store } from '../../store/store';

export type Throttle = () => Promise<void>;

const throttles = new WeakMap<Store, Throttle>();

/** Resolves at the next free slot of the store's marketing mail. */
export function marketingMailThrottle(store: Store, config: Config): Throttle {
  let throttle = throttles.get(store);
  if (!throttle) throttles.set(store, (throttle = paced(config.campaigns.ratePerMinute)));
  return throttle;
}

function paced(ratePerMinute: number): Throttle {
  const interval = 60_000 / ratePerMinute;
  let nextSlot = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, nextSlot);
    nextSlot = at + interval;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}
