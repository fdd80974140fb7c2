import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A Map-backed localStorage (Node has none). */
function fakeStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => {
      m.clear();
    },
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => {
      m.delete(k);
    },
    setItem: (k, v) => {
      m.set(k, v);
    },
  };
}

describe('EU USDT banner dismissal (remembered locally)', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('localStorage', fakeStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts not dismissed, and a dismissal is stored under the prefixed key', async () => {
    const { euUsdtBannerDismissedAtom } = await import('../../../../../src/features/eu-banner/state');
    const store = createStore();
    expect(store.get(euUsdtBannerDismissedAtom)).toBe(false);
    store.set(euUsdtBannerDismissedAtom, true);
    expect(localStorage.getItem('spot.euUsdtTips.dismissed')).toBe('true');
  });

  it('reads a stored dismissal at load; a malformed value counts as not dismissed', async () => {
    localStorage.setItem('spot.euUsdtTips.dismissed', 'true');
    let mod = await import('../../../../../src/features/eu-banner/state');
    expect(createStore().get(mod.euUsdtBannerDismissedAtom)).toBe(true);
    vi.resetModules();
    localStorage.setItem('spot.euUsdtTips.dismissed', '"yes"');
    mod = await import('../../../../../src/features/eu-banner/state');
    expect(createStore().get(mod.euUsdtBannerDismissedAtom)).toBe(false);
  });
});
