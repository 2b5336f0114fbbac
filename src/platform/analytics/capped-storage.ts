import type { Types } from '@amplitude/analytics-browser';

type Storage<T> = Types.Storage<T>;

/**
 * The onboarding client's queue of unsent events in localStorage: under its own key namespace and
 * holding at most `cap` events (SPEC §9: storage cap 1000). The oldest events are dropped first, so a
 * visitor offline for long still sends what they did last.
 */
export class CappedLocalStorage<T> implements Storage<T> {
  constructor(
    private readonly namespace: string,
    readonly cap: number,
    private readonly backend: () => globalThis.Storage | undefined = () => globalThis.localStorage,
  ) {}

  private key(key: string): string {
    return `${this.namespace}:${key}`;
  }

  private store(): globalThis.Storage | undefined {
    try {
      return this.backend();
    } catch {
      return undefined;
    }
  }

  async isEnabled(): Promise<boolean> {
    const store = this.store();
    if (!store) return false;
    try {
      const probe = this.key('probe');
      store.setItem(probe, '1');
      store.removeItem(probe);
      return true;
    } catch {
      return false;
    }
  }

  async getRaw(key: string): Promise<string | undefined> {
    try {
      return this.store()?.getItem(this.key(key)) ?? undefined;
    } catch {
      return undefined;
    }
  }

  async get(key: string): Promise<T | undefined> {
    const raw = await this.getRaw(key);
    if (raw === undefined) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: T): Promise<void> {
    const capped = Array.isArray(value) && value.length > this.cap ? (value.slice(value.length - this.cap) as T) : value;
    try {
      this.store()?.setItem(this.key(key), JSON.stringify(capped));
    } catch {
      // Quota exceeded or storage disabled: the events stay in memory and are sent if the page lives.
    }
  }

  async remove(key: string): Promise<void> {
    try {
      this.store()?.removeItem(this.key(key));
    } catch {
      // See set().
    }
  }

  async reset(): Promise<void> {
    const store = this.store();
    if (!store) return;
    try {
      const prefix = `${this.namespace}:`;
      const keys: string[] = [];
      for (let index = 0; index < store.length; index += 1) {
        const key = store.key(index);
        if (key?.startsWith(prefix)) keys.push(key);
      }
      for (const key of keys) store.removeItem(key);
    } catch {
      // See set().
    }
  }
}
