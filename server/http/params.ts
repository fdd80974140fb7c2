/**
 * Parameter readers for REST handlers: each reads one query or body field, validates it and either returns a clean
 * value or throws a ParamError that the router turns into a 10001 envelope naming the field.
 */

/** A parameter failed validation; the message names the field and the rule. */
export class ParamError extends Error {
  override readonly name = 'ParamError';
}

/** Raw request parameters: query string merged with a JSON or form body (body wins). */
export type RawParams = Readonly<Record<string, unknown>>;

const DECIMAL_RE = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function present(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '';
}

/** Typed accessor over raw params. */
export class Params {
  constructor(readonly raw: RawParams) {}

  /** True when the field was sent with a non-empty value. */
  has(name: string): boolean {
    return present(this.raw[name]);
  }

  /** A string field; `max` bounds its length. */
  str(name: string, opts: { required?: boolean; max?: number; pattern?: RegExp } = {}): string | undefined {
    const v = this.raw[name];
    if (!present(v)) {
      if (opts.required === true) throw new ParamError(`${name} is required`);
      return undefined;
    }
    if (typeof v !== 'string' && typeof v !== 'number') throw new ParamError(`${name} must be a string`);
    const s = String(v);
    if (s.length > (opts.max ?? 256)) throw new ParamError(`${name} is too long`);
    if (opts.pattern && !opts.pattern.test(s)) throw new ParamError(`${name} has an invalid format`);
    return s;
  }

  /** A required string field. */
  reqStr(name: string, opts: { max?: number; pattern?: RegExp } = {}): string {
    const s = this.str(name, { ...opts, required: true });
    if (s === undefined) throw new ParamError(`${name} is required`);
    return s;
  }

  /** An integer field within [min, max]. */
  int(
    name: string,
    opts: { min?: number; max?: number; def?: number; required?: boolean } = {},
  ): number | undefined {
    const v = this.raw[name];
    if (!present(v)) {
      if (opts.required === true) throw new ParamError(`${name} is required`);
      return opts.def;
    }
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n)) throw new ParamError(`${name} must be an integer`);
    const min = opts.min ?? Number.MIN_SAFE_INTEGER;
    const max = opts.max ?? Number.MAX_SAFE_INTEGER;
    if (n < min || n > max) throw new ParamError(`${name} must be between ${min} and ${max}`);
    return n;
  }

  /** An integer field with a default: never undefined. */
  intOr(name: string, def: number, opts: { min?: number; max?: number } = {}): number {
    return this.int(name, { ...opts, def }) ?? def;
  }

  /** A non-negative decimal string (plain or exponent form); NaN, Infinity, negatives and garbage are refused. */
  decimal(name: string, opts: { required?: boolean; positive?: boolean } = {}): string | undefined {
    const v = this.raw[name];
    if (!present(v)) {
      if (opts.required === true) throw new ParamError(`${name} is required`);
      return undefined;
    }
    const s = typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : '';
    if (!DECIMAL_RE.test(s) || s.length > 64)
      throw new ParamError(`${name} must be a non-negative decimal number`);
    if (opts.positive === true && Number(s) <= 0) throw new ParamError(`${name} must be greater than 0`);
    return s;
  }

  /** One of a fixed set of values. */
  oneOf<T extends string>(
    name: string,
    values: readonly T[],
    opts: { required?: boolean; def?: T } = {},
  ): T | undefined {
    const v = this.raw[name];
    if (!present(v)) {
      if (opts.required === true) throw new ParamError(`${name} is required`);
      return opts.def;
    }
    const s = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
    const found = values.find((x) => x === s);
    if (found === undefined) throw new ParamError(`${name} must be one of ${values.join(', ')}`);
    return found;
  }

  /** A boolean field: true/false, "true"/"false", 1/0. */
  bool(name: string, def = false): boolean {
    const v = this.raw[name];
    if (!present(v)) return def;
    if (v === true || v === 'true' || v === 1 || v === '1') return true;
    if (v === false || v === 'false' || v === 0 || v === '0') return false;
    throw new ParamError(`${name} must be true or false`);
  }

  /** A list: a JSON array of strings or a comma-separated string. */
  list(name: string, opts: { max?: number } = {}): string[] {
    const v = this.raw[name];
    if (!present(v)) return [];
    let items: unknown[];
    if (Array.isArray(v)) items = v;
    else if (typeof v === 'string' || typeof v === 'number') items = String(v).split(',');
    else throw new ParamError(`${name} must be a list`);
    if (items.length > (opts.max ?? 100)) throw new ParamError(`${name} has too many items`);
    return items
      .map((x) => {
        if (typeof x !== 'string' && typeof x !== 'number')
          throw new ParamError(`${name} must be a list of strings`);
        return String(x).trim();
      })
      .filter((x) => x !== '');
  }

  /** A JSON object field (already parsed, or a JSON string). */
  object(name: string, opts: { required?: boolean } = {}): Record<string, unknown> | undefined {
    let v = this.raw[name];
    if (!present(v)) {
      if (opts.required === true) throw new ParamError(`${name} is required`);
      return undefined;
    }
    if (typeof v === 'string') {
      try {
        v = JSON.parse(v) as unknown;
      } catch {
        throw new ParamError(`${name} must be a JSON object`);
      }
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v))
      throw new ParamError(`${name} must be an object`);
    return v as Record<string, unknown>;
  }
}
