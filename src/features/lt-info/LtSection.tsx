/** One row of an LT info section. */
export interface LtRow {
  readonly key: string;
  readonly label: string;
  readonly value: string;
  readonly tone?: 'up' | 'down' | 'warn';
  /** A translated word rather than a number with its unit (numbers always read left to right, as in "3×"). */
  readonly word?: boolean;
}

/** One titled section of the LT project info: a definition list of label and value rows. */
export function LtSection({
  id,
  title,
  rows,
}: {
  readonly id: string;
  readonly title: string;
  readonly rows: readonly LtRow[];
}): React.JSX.Element {
  const headingId = `lt-section-${id}`;
  return (
    <section className="lt-section" aria-labelledby={headingId} data-testid={`lt-section-${id}`}>
      <h2 id={headingId} className="lt-section-title">
        {title}
      </h2>
      <dl className="lt-rows">
        {rows.map((r) => (
          <div key={r.key} className="lt-row" data-row={r.key}>
            <dt>{r.label}</dt>
            <dd className={`num ${r.tone ?? ''}`}>
              <bdi dir={r.word === true ? 'auto' : 'ltr'}>{r.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
