/**
 * The guides (spec §2 "Guides and other blocks", §7 setPrefSetting upsert_keys, §9 "Default guide steps status [1,3]"):
 * the new-user guide (next, done, close), the OCO guide (its buying or selling steps) and the trailing-stop guide
 * (three steps). Pure: which guide shows, its steps, and the preference each button writes. States live on the server
 * (setPrefSetting through the hub) so they follow the user.
 */

/** The guides. */
export type GuideId = 'newUser' | 'oco' | 'trailing';

/** Server preference key of each guide's state. */
export const GUIDE_KEYS: Readonly<Record<GuideId, string>> = {
  newUser: 'newUserGuide',
  oco: 'ocoGuide',
  trailing: 'trailingStopGuide',
};

/** Spec §9: the new-user guide's default steps status. */
export const DEFAULT_NEW_USER_STEPS: readonly number[] = [1, 3];

/** The state a guide's preference holds: 'readed' once finished or closed; the new-user guide's remaining steps. */
export type GuideState =
  | { readonly kind: 'readed' }
  | { readonly kind: 'pending'; readonly steps: readonly number[] }
  | { readonly kind: 'unknown' };

/**
 * A guide's state from its preference value. The new-user guide opens by itself only when told so ('new', or a JSON
 * list of remaining steps); absent, it is unknown and stays shut (like the trade guide). The OCO and trailing-stop
 * guides show on first use: absent means pending.
 */
export function guideStateOf(id: GuideId, value: string | undefined): GuideState {
  if (value === 'readed') return { kind: 'readed' };
  if (id !== 'newUser') return { kind: 'pending', steps: [] };
  if (value === 'new') return { kind: 'pending', steps: DEFAULT_NEW_USER_STEPS };
  if (value === undefined) return { kind: 'unknown' };
  try {
    const v = JSON.parse(value) as unknown;
    if (Array.isArray(v) && v.length > 0 && v.every((x) => Number.isInteger(x) && x >= 1 && x <= 3))
      return { kind: 'pending', steps: v as number[] };
  } catch {
    // A malformed value: nothing to show.
  }
  return { kind: 'unknown' };
}

/** The steps of a guide, as keys under `guides:<guide>.` ('buy' / 'sell' choose the OCO guide's steps). */
export function guideSteps(id: GuideId, state: GuideState, side: 'Buy' | 'Sell'): readonly string[] {
  if (state.kind !== 'pending') return [];
  switch (id) {
    case 'newUser':
      return state.steps.map((n) => `step${n}`);
    case 'oco':
      return side === 'Buy' ? ['buy1', 'buy2', 'buy3'] : ['sell1', 'sell2', 'sell3'];
    case 'trailing':
      return ['step1', 'step2', 'step3'];
  }
}

/** What a button press does: the step to show next, and the preference to write (null: none). */
export interface GuideMove {
  readonly step: number | null;
  readonly write: Readonly<Record<string, string>> | null;
}

/**
 * 'next' moves one step on (and, for the new-user guide, writes the steps left so a reload resumes there); 'done' on
 * the last step and 'close' at any step save the guide as read. `steps` are the step keys the guide opened with.
 */
export function moveGuide(
  id: GuideId,
  steps: readonly string[],
  step: number,
  button: 'next' | 'done' | 'close',
): GuideMove {
  const read = { [GUIDE_KEYS[id]]: 'readed' };
  if (button !== 'next' || step + 1 >= steps.length) return { step: null, write: read };
  if (id !== 'newUser') return { step: step + 1, write: null };
  const left = steps.slice(step + 1).map((k) => Number(k.replace('step', '')));
  return { step: step + 1, write: { [GUIDE_KEYS[id]]: JSON.stringify(left) } };
}

/** The guide the order kind asks for, or null (OCO and trailing stop have their guides). */
export function guideForKind(kind: string): GuideId | null {
  return kind === 'oco' ? 'oco' : kind === 'trailing' ? 'trailing' : null;
}
