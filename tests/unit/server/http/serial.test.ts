import { describe, expect, it } from 'vitest';
import { Serial } from '../../../../server/http/serial';

describe('Serial', () => {
  it('runs one job at a time in arrival order, a failure not blocking the next', async () => {
    const s = new Serial();
    const log: string[] = [];
    let running = 0;
    const job =
      (name: string, fail = false) =>
      async (): Promise<string> => {
        running++;
        expect(running).toBe(1);
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, 5));
        log.push(`end ${name}`);
        running--;
        if (fail) throw new Error(name);
        return name;
      };
    const out = await Promise.allSettled([s.run(job('a')), s.run(job('b', true)), s.run(job('c'))]);
    expect(out.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });
});
