import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../../server/app';
import { call, startTestSim } from '../../../support/sim';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(async () => {
  await sim.close();
});

/** Sends raw bytes and collects everything the server answers until it closes. */
function raw(bytes: string): Promise<string> {
  return new Promise((ok, ko) => {
    const s = connect(sim.port, '127.0.0.1', () => {
      s.end(bytes);
    });
    let out = '';
    s.on('data', (d: Buffer) => (out += d.toString('utf8')));
    s.on('close', () => {
      ok(out);
    });
    s.on('error', ko);
  });
}

function envelopeOf(answer: string): Record<string, unknown> {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
}

describe('requests the HTTP parser refuses', () => {
  it('answers oversized headers with 431 and the error envelope', async () => {
    const answer = await raw(`GET /sim/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.startsWith('HTTP/1.1 431 Request Header Fields Too Large\r\n')).toBe(true);
    expect(answer).toContain('Content-Type: application/json');
    expect(envelopeOf(answer)).toEqual({
      code: 10431,
      success: false,
      message: 'request headers too large',
      result: null,
    });
  });

  it('answers a malformed request line with 400 and the envelope, and the server keeps serving', async () => {
    const answer = await raw('NOT A REQUEST\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 400 Bad Request\r\n')).toBe(true);
    expect(envelopeOf(answer)).toMatchObject({ code: 10001, success: false });
    const health = await call(sim, 'GET', '/sim/health');
    expect(health.json).toMatchObject({ code: 0 });
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
