import { describe, expect, it } from 'vitest';
import { formatTitle } from '../../../../src/app/title';

describe('browser title (spec §2)', () => {
  it('shows pair, last price and the rise/fall arrow', () => {
    expect(formatTitle('BTC/USDT', '64,000.00', 'up', 'Spot trading')).toBe(
      'BTC/USDT 64,000.00 ▲ | Spot trading',
    );
    expect(formatTitle('BTC/USDT', '63,999.50', 'down', 'Spot trading')).toBe(
      'BTC/USDT 63,999.50 ▼ | Spot trading',
    );
    expect(formatTitle('BTC/USDT', '64,000.00', 'flat', '')).toBe('BTC/USDT 64,000.00');
  });

  it('shows the pair alone before the first price', () => {
    expect(formatTitle('ETH/USDT', null, 'up', 'Spot')).toBe('ETH/USDT | Spot');
  });
});
